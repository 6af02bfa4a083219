import { z } from 'zod';
import { isLocalRedirect } from './sign-in-landing.js';

export * from './sign-in-landing.js';

/** Texts the spec fixes; the web shows them as they are. */
export const AuthMessages = {
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Invalid email format',
  passwordTooShort: 'Password must be at least 6 characters long',
  invalidCredentials: 'Invalid credentials',
  verifyBeforeLogin: 'Please check your email and click the verification link before logging in.',
  reauthBothFields: 'Please enter both email and password',
  enterEmail: 'Please enter your email',
  validEmail: 'Please enter a valid email address',
  forgotPasswordSent: 'If an account exists for that email, a password reset link is on its way.',
  resetInvalid: 'This reset link may have expired or is invalid. Please request a new one.',
  verificationSent: 'If that address has an account waiting for verification, a new link is on its way.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 128;
/** How long a re-authentication lasts for destructive privacy actions. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

const required = (max: number) =>
  z
    .string({ error: AuthMessages.requiredFields })
    .trim()
    .min(1, AuthMessages.requiredFields)
    .max(max, `at most ${max} characters`);

export const emailSchema = z
  .string({ error: AuthMessages.requiredFields })
  .trim()
  .min(1, AuthMessages.requiredFields)
  .max(254, 'at most 254 characters')
  .pipe(z.email(AuthMessages.invalidEmail))
  .transform((email) => email.toLowerCase());

const passwordSchema = z
  .string({ error: AuthMessages.requiredFields })
  .min(1, AuthMessages.requiredFields)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const newPasswordSchema = passwordSchema.refine(
  (p) => p.length >= PASSWORD_MIN_LENGTH,
  AuthMessages.passwordTooShort,
);

export const phoneNumberSchema = z
  .string()
  .trim()
  .max(25, 'at most 25 characters')
  .refine(
    (phone) => phone === '' || /^\+?[0-9 ().-]{5,24}$/.test(phone),
    'Phone number may hold digits, spaces, + ( ) - . only',
  )
  .refine((phone) => phone === '' || (phone.match(/\d/g)?.length ?? 0) >= 5, 'Phone number needs at least 5 digits');

export const loginBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  firstName: required(100),
  lastName: required(100),
  email: emailSchema,
  password: newPasswordSchema,
  phoneNumber: phoneNumberSchema.optional().nullable(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(emailSchema),
});

export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string({ error: 'This password reset link is invalid.' })
    .min(1, 'This password reset link is invalid.')
    .max(200),
  password: newPasswordSchema,
});

export const verifyPasswordBodySchema = z.strictObject({
  email: z.string({ error: AuthMessages.reauthBothFields }).trim().min(1, AuthMessages.reauthBothFields).max(254),
  password: z
    .string({ error: AuthMessages.reauthBothFields })
    .min(1, AuthMessages.reauthBothFields)
    .max(PASSWORD_MAX_LENGTH),
});

export const verifyEmailBodySchema = z.strictObject({
  email: z
    .string({ error: AuthMessages.enterEmail })
    .trim()
    .min(1, AuthMessages.enterEmail)
    .max(254)
    .pipe(z.email(AuthMessages.validEmail))
    .transform((email) => email.toLowerCase()),
});

export const sessionTimeoutAuditBodySchema = z.strictObject({
  action: z.literal('session_auto_logout'),
  reason: z.literal('inactivity_timeout'),
});

/** A local path to return to after Google sign-in; anything else (another host, `//evil`) is refused. */
export const localRedirectSchema = z.string().max(512).refine(isLocalRedirect, 'redirect must be a path on this site');
