import { z } from 'zod';
import {
  emailSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  verifyPasswordBodySchema,
} from './auth.js';
import { publicUserSchema } from './current-user.js';

/** Where links in mails point: PUBLIC_BASE_URL, or the origin the request came to. */
const appUrl = z.url().max(200);
const userId = z.uuid();

export const registerRequestSchema = registerBodySchema.extend({ appUrl });
export const verifyCredentialsRequestSchema = loginBodySchema;
export const getUserRequestSchema = z.strictObject({ userId });
export const requestPasswordResetRequestSchema = forgotPasswordBodySchema.extend({ appUrl });
export const completePasswordResetRequestSchema = resetPasswordBodySchema;
export const checkPasswordResetRequestSchema = z.strictObject({ token: resetPasswordBodySchema.shape.token });
export const verifyPasswordRequestSchema = verifyPasswordBodySchema.extend({ userId });
export const sendEmailVerificationRequestSchema = verifyEmailBodySchema.extend({ appUrl });
export const confirmEmailRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });
export const googleSignInRequestSchema = z.strictObject({
  sub: z.string().min(1).max(255),
  email: emailSchema,
  emailVerified: z.boolean(),
  givenName: z.string().max(100).optional(),
  familyName: z.string().max(100).optional(),
});

export const notifyAccountLockedRequestSchema = z
  .strictObject({
    /** The account as typed at sign-in, or the signed-in user's id (re-authentication). */
    email: emailSchema.optional(),
    userId: userId.optional(),
    appUrl,
    /** How long the pause lasts at most. */
    minutes: z.number().int().min(1).max(1440),
  })
  .refine((request) => (request.email === undefined) !== (request.userId === undefined), {
    message: 'name the account by email or by user id, not both',
  });
export type NotifyAccountLockedRequest = z.infer<typeof notifyAccountLockedRequestSchema>;

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type GoogleSignInRequest = z.infer<typeof googleSignInRequestSchema>;

export const registerReplySchema = z.object({
  user: publicUserSchema,
  requiresVerification: z.boolean(),
  /**
   * The address already had an account: `user` is a stand-in shaped as a new one (the HTTP answer must not tell a
   * stranger the address is known) and its owner was mailed instead. For the gateway only (it records no
   * registration); never sent on to the browser.
   */
  existingAccount: z.literal(true).optional(),
});
export type RegisterReply = z.infer<typeof registerReplySchema>;

/** A password reset or email confirmation names the account it touched. */
export const accountReplySchema = z.object({
  userId: z.uuid(),
  email: z.string(),
});
export type AccountReply = z.infer<typeof accountReplySchema>;

/** A followed verification link: `alreadyVerified` when the account was verified before (a link used twice). */
export const confirmEmailReplySchema = accountReplySchema.extend({ alreadyVerified: z.boolean() });
export type ConfirmEmailReply = z.infer<typeof confirmEmailReplySchema>;

/** A password or Google sign-in: the account, and whether it has never signed in before. */
export const signInReplySchema = z.object({
  user: publicUserSchema,
  firstSignIn: z.boolean(),
  /**
   * Google was linked to an account whose email had never been verified: it was taken from whoever registered it
   * (its password removed), so every session it had must end.
   */
  endOtherSessions: z.literal(true).optional(),
});
export type SignInReply = z.infer<typeof signInReplySchema>;

/** A reset link was asked for: the same words whether or not the address is known; the account's id for the gateway's log. */
export const requestPasswordResetReplySchema = z.object({ message: z.string(), userId: z.uuid().optional() });
/** The signed-in person's password was right. */
export const verifyPasswordReplySchema = z.object({ verified: z.literal(true) });
/** Whether the owner was mailed that password sign-in is paused. */
export const notifyAccountLockedReplySchema = z.object({ notified: z.boolean() });
/** Whether a mail was queued (a capped or gone address gets none). */
export const mailQueuedReplySchema = z.object({ queued: z.boolean() });
/** A message that takes nothing. */
export const demoUserRequestSchema = z.strictObject({});
