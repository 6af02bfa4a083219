import { codeConfirmationMailRequestSchema } from './anonymous-code-confirmation.js';
import { messageResponseSchema, resetLinkStatusSchema } from './auth-responses.js';
import { publicUserSchema } from './current-user.js';
import { ErrorCodes } from './error-codes.js';
import { factsReminderMailRequestSchema } from './facts-reminder-mail.js';
import { familyAlertMailRequestSchema } from './family-alerts.js';
import {
  accountReplySchema,
  checkPasswordResetRequestSchema,
  completePasswordResetRequestSchema,
  confirmEmailReplySchema,
  confirmEmailRequestSchema,
  demoUserRequestSchema,
  getUserRequestSchema,
  googleSignInRequestSchema,
  mailQueuedReplySchema,
  notifyAccountLockedReplySchema,
  notifyAccountLockedRequestSchema,
  registerReplySchema,
  registerRequestSchema,
  requestPasswordResetReplySchema,
  requestPasswordResetRequestSchema,
  sendEmailVerificationRequestSchema,
  signInReplySchema,
  verifyCredentialsRequestSchema,
  verifyPasswordReplySchema,
  verifyPasswordRequestSchema,
} from './identity.js';
import { declareMessage, patternsOf } from './message.js';
import { erasedSchema, eraseUserRequestSchema } from './privacy.js';
import { receiptMailRequestSchema } from './receipt-mail.js';

const {
  NOT_FOUND,
  GONE,
  CONFLICT,
  UNAUTHORIZED,
  INVALID_CREDENTIALS,
  EMAIL_NOT_VERIFIED,
  REAUTH_FAILED,
  OAUTH_NO_PASSWORD,
} = ErrorCodes;

/** Every request/reply message the identity service answers, declared once. */
export const IdentityApi = {
  register: declareMessage('identity.user.register', {
    request: registerRequestSchema,
    reply: registerReplySchema,
    errors: [CONFLICT],
  }),
  verifyCredentials: declareMessage('identity.credentials.verify', {
    request: verifyCredentialsRequestSchema,
    reply: signInReplySchema,
    errors: [INVALID_CREDENTIALS, EMAIL_NOT_VERIFIED],
  }),
  getUser: declareMessage('identity.user.get', {
    request: getUserRequestSchema,
    reply: publicUserSchema,
    errors: [NOT_FOUND],
  }),
  requestPasswordReset: declareMessage('identity.password-reset.request', {
    request: requestPasswordResetRequestSchema,
    reply: requestPasswordResetReplySchema,
  }),
  completePasswordReset: declareMessage('identity.password-reset.complete', {
    request: completePasswordResetRequestSchema,
    reply: accountReplySchema,
  }),
  checkPasswordReset: declareMessage('identity.password-reset.check', {
    request: checkPasswordResetRequestSchema,
    reply: resetLinkStatusSchema,
    errors: [GONE],
  }),
  verifyPassword: declareMessage('identity.password.verify', {
    request: verifyPasswordRequestSchema,
    reply: verifyPasswordReplySchema,
    errors: [REAUTH_FAILED, OAUTH_NO_PASSWORD],
  }),
  sendEmailVerification: declareMessage('identity.email-verification.send', {
    request: sendEmailVerificationRequestSchema,
    reply: messageResponseSchema,
  }),
  confirmEmail: declareMessage('identity.email-verification.confirm', {
    request: confirmEmailRequestSchema,
    reply: confirmEmailReplySchema,
  }),
  googleSignIn: declareMessage('identity.google.sign-in', {
    request: googleSignInRequestSchema,
    reply: signInReplySchema,
    errors: [UNAUTHORIZED],
  }),
  demoUser: declareMessage('identity.demo-user.get', {
    request: demoUserRequestSchema,
    reply: publicUserSchema,
    errors: [NOT_FOUND],
  }),
  /** Tells an account's owner that password sign-in is paused after too many wrong guesses (the gateway counts). */
  notifyAccountLocked: declareMessage('identity.account-lock.notify', {
    request: notifyAccountLockedRequestSchema,
    reply: notifyAccountLockedReplySchema,
  }),
  /** Records asks for the link that proves an anonymous code's email (see anonymous-code-confirmation.ts). */
  mailCodeConfirmation: declareMessage('identity.code-confirmation-mail.send', {
    request: codeConfirmationMailRequestSchema,
    reply: mailQueuedReplySchema,
    calledBy: 'services',
  }),
  /** The shop (a paid order) or billing (a paid premium invoice) asks for its receipt (receipt-mail.ts); once per id. */
  mailReceipt: declareMessage('identity.receipt-mail.send', {
    request: receiptMailRequestSchema,
    reply: mailQueuedReplySchema,
    calledBy: 'services',
  }),
  /** Records' sweep asks for the reminder that a code's facts have gone unchecked (facts-reminder-mail.ts); once per id. */
  mailFactsReminder: declareMessage('identity.facts-reminder-mail.send', {
    request: factsReminderMailRequestSchema,
    reply: mailQueuedReplySchema,
    calledBy: 'services',
  }),
  /** Records asks for the mail telling an owner that someone used "Tell their family" on their card; once per alert. */
  mailFamilyAlert: declareMessage('identity.family-alert-mail.send', {
    request: familyAlertMailRequestSchema,
    reply: mailQueuedReplySchema,
    calledBy: 'services',
  }),
  /** Erasure (privacy's saga): the account, its tokens and links; idempotent. */
  eraseUser: declareMessage('identity.user.erase', {
    request: eraseUserRequestSchema,
    reply: erasedSchema,
    calledBy: 'services',
  }),
} as const;

/** Request/reply patterns the identity service answers. */
export const IdentityPatterns = patternsOf(IdentityApi);
