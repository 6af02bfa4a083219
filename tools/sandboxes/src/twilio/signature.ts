import { createHmac } from 'node:crypto';

/**
 * The `X-Twilio-Signature` header, exactly as Twilio computes it for a form POST: the full URL Twilio calls, then
 * each parameter's name and value appended in the order of the names sorted, HMAC-SHA1 keyed with the account's
 * auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}
