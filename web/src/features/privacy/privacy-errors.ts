import { ErrorCodes } from '@medical-qr/contracts';
import { isApiError } from '../../lib/base-query';

/** The server wants the person to confirm it's them first (no re-authentication in the last 10 minutes). */
export function needsReauthentication(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCodes.REAUTH_REQUIRED;
}

/**
 * What to tell the person under an action's failure title: the server's own words for a refusal (a 409's "Your
 * consent is already revoked.") or a lost connection, else a plain retry hint; a 500's text helps nobody.
 */
export function failureDescription(error: unknown): string {
  if (!isApiError(error)) return 'Please try again in a moment.';
  const refused = typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  return refused || error.status === 'FETCH_ERROR' ? error.message : 'Please try again in a moment.';
}
