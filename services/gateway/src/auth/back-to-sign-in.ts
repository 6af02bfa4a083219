import type { Response } from 'express';
import { ErrorCodes, type SignInError, SignInErrors } from '@medical-qr/contracts';
import { AppError, storeUnavailableError } from '@medical-qr/platform';

/** To the sign-in dialog, saying why by a code only (the web shows our words for it). */
export function backToSignIn(res: Response, error: SignInError): void {
  res.redirect(302, `/?login=true&error=${error.code}`);
}

/** The sign-in error a refusal stands for: a known one by its words, a busy or absent service, else `fallback`. */
export function signInErrorFor(error: unknown, fallback: SignInError): SignInError {
  const refusal = storeUnavailableError(error) ?? error;
  if (!(refusal instanceof AppError)) return fallback;
  if (refusal.code === ErrorCodes.SERVICE_UNAVAILABLE) return SignInErrors.unavailable;
  if (refusal.code === ErrorCodes.RATE_LIMITED) return SignInErrors.tooMany;
  return Object.values(SignInErrors).find((known) => known.message === refusal.message) ?? fallback;
}
