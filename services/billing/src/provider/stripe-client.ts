import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

/** The process's Stripe client, or null when no secret key is configured (payments off). */
export const STRIPE = Symbol('STRIPE');

/**
 * The real SDK at the API version it pins. With STRIPE_API_URL it talks to that host instead of
 * api.stripe.com (the local stand-in serves Stripe's own /v1 paths there).
 */
export function createStripeClient(config: BillingConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  // The Kubernetes Secret template's placeholders: refuse to start rather than fail every payment.
  for (const [name, value] of [
    ['STRIPE_SECRET_KEY', config.STRIPE_SECRET_KEY],
    ['STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET],
  ] as const) {
    if (value?.includes('REPLACE_ME')) {
      throw new Error(`${name} is still a placeholder: set the real value, or leave both Stripe secrets out`);
    }
  }
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // Each retry reuses the request's idempotency key, so a retried create makes one object. All three tries end
    // before billing's callers stop waiting (see STRIPE_TIMEOUT_MS).
    maxNetworkRetries: 2,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'Medical QR', version: '0.1.0' },
    ...(base && { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol }),
  });
}
