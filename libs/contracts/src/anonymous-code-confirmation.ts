import { z } from 'zod';
import { emailSchema } from './auth.js';

/**
 * Proving the email of an anonymous code: at creation a single-use link goes to the email typed
 * into the form; following it marks the code confirmed. Only a confirmed code is ever claimed
 * into the account of that email, and only confirmed codes count as the email's one free code.
 */

/** 32 random bytes in base64url (43 characters), as every emailed link token. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const codeConfirmationTokenSchema = z
  .string({ error: 'the link from the mail is needed' })
  .regex(LINK_TOKEN_PATTERN, 'not a valid confirmation link: open the link exactly as it came in the mail');

/** `POST /api/anonymous-medical-record/confirm-email`, and the same to records over NATS. */
export const confirmCodeEmailBodySchema = z.strictObject({ token: codeConfirmationTokenSchema });
export type ConfirmCodeEmailBody = z.infer<typeof confirmCodeEmailBodySchema>;

export const confirmCodeEmailResponseSchema = z.object({
  confirmed: z.literal(true),
  /** When the code stops opening its card (unchanged by confirming). */
  expiresAt: z.iso.datetime(),
});
export type ConfirmCodeEmailResponse = z.infer<typeof confirmCodeEmailResponseSchema>;

/** Records asks identity, which owns mail, to send the link; identity builds it from `appUrl` and `token`. */
export const codeConfirmationMailRequestSchema = z.strictObject({
  email: emailSchema,
  appUrl: z.url().max(200),
  token: codeConfirmationTokenSchema,
  /** The code's (and the link's) end, said in the mail. */
  expiresAt: z.iso.datetime(),
});
export type CodeConfirmationMailRequest = z.infer<typeof codeConfirmationMailRequestSchema>;

/** What following the link answers when it cannot be used; the web shows them as they are. */
export const CodeConfirmationMessages = {
  invalid: 'This confirmation link is not valid. Open the link exactly as it came in the mail.',
  used: "This confirmation link was already used: the code's email is confirmed.",
  expired: 'This confirmation link has expired, and the code it was for with it.',
  conflict:
    'This email already has a confirmed QR code, so this one will not be added to an account. It still works until it expires.',
} as const;
