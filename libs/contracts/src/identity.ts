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
import type { PublicUser } from './current-user.js';

/** Request/reply patterns the identity service answers. */
export const IdentityPatterns = {
  register: 'identity.user.register',
  verifyCredentials: 'identity.credentials.verify',
  getUser: 'identity.user.get',
  requestPasswordReset: 'identity.password-reset.request',
  completePasswordReset: 'identity.password-reset.complete',
  checkPasswordReset: 'identity.password-reset.check',
  verifyPassword: 'identity.password.verify',
  sendEmailVerification: 'identity.email-verification.send',
  confirmEmail: 'identity.email-verification.confirm',
  googleSignIn: 'identity.google.sign-in',
  demoUser: 'identity.demo-user.get',
  /** Tells an account's owner that password sign-in is paused after too many wrong guesses (the gateway counts). */
  notifyAccountLocked: 'identity.account-lock.notify',
  /** Records asks for the link that proves an anonymous code's email (see anonymous-code-confirmation.ts). */
  mailCodeConfirmation: 'identity.code-confirmation-mail.send',
  /** The shop (a paid order) or billing (a paid premium invoice) asks for its receipt (receipt-mail.ts); once per id. */
  mailReceipt: 'identity.receipt-mail.send',
  /** Erasure (privacy's saga): the account, its tokens and links; idempotent. */
  eraseUser: 'identity.user.erase',
} as const;

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

export interface RegisterReply {
  user: PublicUser;
  requiresVerification: boolean;
  /**
   * The address already had an account: `user` is a stand-in shaped as a new one (the HTTP answer must not tell a
   * stranger the address is known) and its owner was mailed instead. For the gateway only (it records no
   * registration); never sent on to the browser.
   */
  existingAccount?: true;
}

/** A password reset or email confirmation names the account it touched. */
export interface AccountReply {
  userId: string;
  email: string;
}

/** A followed verification link: `alreadyVerified` when the account was verified before (a link used twice). */
export interface ConfirmEmailReply extends AccountReply {
  alreadyVerified: boolean;
}

/** A password or Google sign-in: the account, and whether it has never signed in before. */
export interface SignInReply {
  user: PublicUser;
  firstSignIn: boolean;
  /**
   * Google was linked to an account whose email had never been verified: it was taken from whoever registered it
   * (its password removed), so every session it had must end.
   */
  endOtherSessions?: boolean;
}
