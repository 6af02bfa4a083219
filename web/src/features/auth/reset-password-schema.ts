import { AuthMessages, newPasswordSchema } from '@medical-qr/contracts';
import { z } from 'zod';

const MISSING = 'Please fill in all fields';
const MISMATCH = 'Please ensure both passwords match';

/** Alert titles of the reset checks (SPEC section 5, "Reset password"). */
const TITLES: Record<string, string> = {
  [MISSING]: 'Missing Information',
  [AuthMessages.passwordTooShort]: 'Password Too Short',
  [MISMATCH]: "Passwords Don't Match",
};
export const resetCheckTitle = (message: string): string => TITLES[message] ?? 'Invalid Password';

/**
 * The new password twice, checked in the spec's order, one problem at a time: both filled, then
 * the contract's password rules (`newPasswordSchema`), then the same twice.
 */
export const resetPasswordFormSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine(({ password, confirmation }, context) => {
    const problem = (message: string, ...fields: Array<'password' | 'confirmation'>) =>
      fields.forEach((field) => context.addIssue({ code: 'custom', path: [field], message }));
    if (password === '' || confirmation === '') return problem(MISSING, 'password', 'confirmation');
    const rules = newPasswordSchema.safeParse(password);
    if (!rules.success) return problem(rules.error.issues[0]?.message ?? AuthMessages.passwordTooShort, 'password');
    if (password !== confirmation) problem(MISMATCH, 'confirmation');
  });
