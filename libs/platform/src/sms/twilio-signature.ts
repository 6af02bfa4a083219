import twilio from 'twilio';

/**
 * Whether a request Twilio says it sent (a status callback, an incoming text) really came from Twilio: its
 * `X-Twilio-Signature` checked with the SDK's own `validateRequest` against the full URL Twilio called (as Twilio was
 * given it, query included) and the form's parameters, keyed with the account's auth token.
 */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}
