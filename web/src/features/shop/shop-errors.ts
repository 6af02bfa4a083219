import { isApiError, type ApiError } from '../../lib/base-query';

/**
 * The server's own words when they are meant for the person (a refusal: 4xx, such as "You need an active emergency
 * QR code..." or "Shipping not available for this country"), else `fallback`: a 500's text helps nobody.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return fallback;
}

/** The print shop (or the gateway) is not answering: a 5xx or no connection. Its 503 says so in its message. */
export function outageMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 503) return error.message;
  return fallback;
}

export function statusOf(error: unknown): ApiError['status'] | undefined {
  return isApiError(error) ? error.status : undefined;
}
