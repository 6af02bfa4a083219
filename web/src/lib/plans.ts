/**
 * What the plans promise, in the words the screens use (DESIGN, "Settled where the spec is open"):
 * free codes last 2 days without an account and 10 days with one; premium codes never expire.
 */
export const QR_LIFETIME = {
  anonymous: '2 days',
  signedIn: '10 days',
} as const;

export const PREMIUM_PRICE = '$9.99 per month';
