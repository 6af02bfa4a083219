import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, as Stripe uses after an id's prefix. */
export function alphanumeric(length: number): string {
  const bytes = randomBytes(length * 2);
  let text = '';
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 248) text += ALPHANUMERIC[byte % 62];
    if (text.length === length) return text;
  }
  return text + alphanumeric(length - text.length);
}

/** What Stripe puts before an object's id. */
export type IdPrefix =
  'cus' | 'prod' | 'price' | 'sub' | 'si' | 'in' | 'il' | 'inpay' | 'pi' | 'pm' | 'ch' | 'evt' | 'req';

/** An id shaped like Stripe's: `sub_` and 24 letters and digits (Stripe's are 14 to 24). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${alphanumeric(prefix === 'req' ? 14 : 24)}`;
}

/** A PaymentIntent's client secret, `pi_..._secret_...`: the id is the part before `_secret_`. */
export function newClientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${alphanumeric(25)}`;
}

/** Seconds since the Unix epoch, as every Stripe timestamp. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
