import type { IncomingMessage } from 'node:http';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are a few kB, rarely tens; bounded well above that so no event is refused, but never unbounded. */
export const STRIPE_WEBHOOK_BODY_LIMIT = '512kb';

/** Whether a request is for the webhook route, as Express routes it (any case, trailing slash, query). */
export function isStripeWebhookRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0]!.replace(/\/+$/, '').toLowerCase();
  return path === STRIPE_WEBHOOK_PATH;
}

/**
 * The webhook's own JSON parser, registered before the general one: its larger limit applies to that route only,
 * and (with the application's `rawBody`) it keeps the exact bytes the signature covers in `req.rawBody`. Stripe
 * sends `application/json`; the route reads it whatever type it is labelled with.
 */
export const stripeWebhookBodyParserOptions = {
  limit: STRIPE_WEBHOOK_BODY_LIMIT,
  type: isStripeWebhookRequest,
};
