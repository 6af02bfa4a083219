// The error codes and their HTTP statuses alone, without zod: the web's first script reads them (see errors.ts).
/**
 * Error codes that cross process boundaries. Services throw `{ code, message }`; the gateway
 * maps the code to an HTTP status with {@link httpStatusFor}; the web reads `code` from the body.
 */
export const ErrorCodes = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Wrong email or password at sign-in. */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** Sign-in refused until the email address is verified; the body has `requiresVerification: true`. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** Password re-authentication asked of an account that signs in with Google only. */
  OAUTH_NO_PASSWORD: 'OAUTH_NO_PASSWORD',
  /** Re-authentication failed (wrong password, or not the signed-in account). */
  REAUTH_FAILED: 'REAUTH_FAILED',
  /** The action needs a re-authentication within the last 10 minutes; the body may carry `redirectUrl`. */
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_NOT_FOUND: 'EMAIL_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** A save made from an older version of what it changes; the body's `current` is what is saved now. */
  EDIT_CONFLICT: 'EDIT_CONFLICT',
  GONE: 'GONE',
  /** An anonymous code asked for an email that already has an active one (sign in, or make an account with it). */
  ANONYMOUS_CODE_ACTIVE: 'ANONYMOUS_CODE_ACTIVE',
  /** An anonymous code asked for an email whose one free code has expired (sign in, or upgrade). */
  ANONYMOUS_CODE_EXPIRED: 'ANONYMOUS_CODE_EXPIRED',
  /** A free signed-in user's code has expired; creating another needs premium. */
  QR_EXPIRED: 'QR_EXPIRED',
  /** A premium feature asked for by a user who is not premium; the web shows the upgrade prompt. */
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Each code's HTTP status; its keys are every code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  OAUTH_NO_PASSWORD: 400,
  REAUTH_FAILED: 403,
  REAUTH_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_FOUND: 404,
  CONFLICT: 409,
  EDIT_CONFLICT: 409,
  GONE: 410,
  ANONYMOUS_CODE_ACTIVE: 409,
  ANONYMOUS_CODE_EXPIRED: 409,
  QR_EXPIRED: 402,
  PREMIUM_REQUIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in STATUS_BY_CODE;
}

export function httpStatusFor(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}
