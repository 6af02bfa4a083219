import {
  AuditActions,
  AuthMessages,
  ErrorCodes,
  forgotPasswordBodySchema,
  IdentityApi,
  messageResponseSchema,
  verifyEmailBodySchema,
} from '@medical-qr/contracts';
import type { Request } from 'express';
import { AppError } from '@medical-qr/platform';
import { limitedAddress } from '../http/client-address.js';
import { clientInfo } from '../http/client-info.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import type { Limit } from '../rate-limit/rate-limiter.js';
import { declareRoute } from '../routes/route-declaration.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Reset tokens are 32 random bytes in base64url; anything else is not one. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Mails a visitor may have sent to one address from one IP in 15 minutes. */
const MAILS_PER_ADDRESS = 5;

/** Counts one kind of mail a visitor asks for, per address typed and per IP. */
function mailsTo(kind: string) {
  return ({ body, req }: { body: { email: string }; req: Request }): Limit => ({
    key: `${kind}:${body.email}:${limitedAddress(clientInfo(req).ip)}`,
    max: MAILS_PER_ADDRESS,
    windowMs: FIFTEEN_MINUTES,
  });
}

/** A token that cannot exist is as unusable as a spent one, and never reaches identity. */
function resetToken(raw: string): string {
  if (!RESET_TOKEN.test(raw)) throw new AppError(ErrorCodes.GONE, AuthMessages.resetInvalid);
  return raw;
}

/**
 * Forgotten passwords and email verification, the requests that only forward: a visitor's, counted in the recovery
 * bucket. Following a link (which signs out, sets a hint cookie or redirects) is recovery.controller.ts's.
 */
export const RECOVERY_ROUTES = [
  declareRoute({
    route: 'POST auth/forgot-password',
    summary: 'Mails a reset link if the account exists; answers the same either way',
    access: { public: PublicBuckets.recovery },
    body: forgotPasswordBodySchema,
    limit: mailsTo('forgot'),
    forwards: IdentityApi.requestPasswordReset,
    audit: {
      action: AuditActions.passwordResetRequested,
      who: (reply, { body }) => ({ userId: reply.userId ?? null, email: body.email }),
    },
    // Whether the account exists stays in the audit log: the answer is the same either way.
    reply: { schema: messageResponseSchema, from: ({ message }) => ({ message }) },
  }),
  declareRoute({
    route: 'GET auth/reset-password/:token',
    summary: 'Says whether a reset link can still be used, without using it (410 when it cannot)',
    access: { public: PublicBuckets.recovery },
    params: { token: resetToken },
    forwards: IdentityApi.checkPasswordReset,
  }),
  declareRoute({
    route: 'POST auth/verify-email',
    summary: 'Sends the verification link again (same answer whether or not the account exists)',
    access: { public: PublicBuckets.recovery },
    body: verifyEmailBodySchema,
    limit: mailsTo('verify-mail'),
    forwards: IdentityApi.sendEmailVerification,
  }),
];
