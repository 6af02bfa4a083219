import { createHmac } from 'node:crypto';
import { unixNow } from './ids.js';

/**
 * The `Stripe-Signature` header, exactly as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint's whole signing secret (whsec_...)>`.
 */
export function stripeSignature(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
