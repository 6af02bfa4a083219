import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Pfy-Signature`: "sha256=" and the hex HMAC-SHA256 of the raw body with the webhook's secret. */
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Whether `signature` (the X-Pfy-Signature header) is Printify's for exactly these bytes under `secret`. The
 * comparison takes the same time wherever the digests differ, so a forger learns nothing from how fast it fails.
 */
export function printifySignatureMatches(payload: string, signature: string, secret: string): boolean {
  const given = SIGNATURE.exec(signature.trim())?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(payload, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
