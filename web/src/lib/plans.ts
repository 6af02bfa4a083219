import { PREMIUM_CURRENCY, PREMIUM_PRICE_CENTS } from '@medical-qr/contracts';

/**
 * What the plans promise, in the words the screens use (DESIGN, "Settled where the spec is open"):
 * free codes last 2 days without an account and 10 days with one; premium codes never expire.
 */
export const QR_LIFETIME = {
  anonymous: '2 days',
  signedIn: '10 days',
} as const;

/** "$9.99": the premium price (the contracts' cents), as a price tag. */
export const PREMIUM_PRICE_AMOUNT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: PREMIUM_CURRENCY.toUpperCase(),
}).format(PREMIUM_PRICE_CENTS / 100);

export const PREMIUM_PERIOD = 'per month';

export const PREMIUM_PRICE = `${PREMIUM_PRICE_AMOUNT} ${PREMIUM_PERIOD}`;

/** What the login dialog says to a visitor who chose premium before signing in. */
export const SIGN_IN_TO_UPGRADE = 'Sign in or create a free account to go Premium.';

/** The refund promise SPEC section 1 states. */
export const REFUND_PROMISE = 'Refund within 30 days';

/** The plans side by side (SPEC section 6, "Roles and permissions"): no account, a free account, premium. */
export type PlanId = 'visitor' | 'member' | 'premium';

/** Which plan a visitor is on: no account, a free account, or premium. */
export function planOf({ isAuthenticated, isPremium }: { isAuthenticated: boolean; isPremium: boolean }): PlanId {
  if (isPremium) return 'premium';
  return isAuthenticated ? 'member' : 'visitor';
}
