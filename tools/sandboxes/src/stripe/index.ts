import { defineProvider } from '../provider-descriptor.js';
import { StripeStandIn } from './stand-in.js';

export { StripeStandIn, type StandInSettings } from './stand-in.js';
export { stripeSignature } from './signature.js';
export { API_VERSION, type StandInEvent } from './events.js';
export { TEST_PAYMENT_METHODS } from './cards.js';
export { WEBHOOK_TRIES } from './webhooks.js';

/** The secret key the product is given for the stand-in; any `sk_test_` key works, as with Stripe's mock server. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stand_in';

function wholeSeconds(value: string, variable: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${variable} must be a whole number (got "${value}")`);
  return Number(value);
}

/**
 * Stripe's REST API (`/v1` customers, prices, subscriptions, invoices, payment intents and methods, events) for one
 * test-mode account, with Stripe's test cards, a card authentication page, and signed webhooks to the product.
 */
export const stripeProvider = defineProvider({
  name: 'stripe',
  label: 'Stripe payments',
  realVariables: ['STRIPE_SECRET_KEY'],
  ports: {},
  settings: {
    webhookSecret: { variable: 'SANDBOX_STRIPE_WEBHOOK_SECRET', defaultValue: 'whsec_local_stand_in_secret' },
    publishableKey: { variable: 'SANDBOX_STRIPE_PUBLISHABLE_KEY', defaultValue: 'pk_test_local_stand_in' },
    /** 0: calendar periods; more: every billing period lasts this many seconds (tests reach a period's end). */
    periodSeconds: { variable: 'SANDBOX_STRIPE_PERIOD_SECONDS', defaultValue: '0' },
    /** The first webhook retry waits this long; each next one twice as long. */
    webhookRetryMs: { variable: 'SANDBOX_STRIPE_WEBHOOK_RETRY_MS', defaultValue: '1000' },
  },
  outbound: { webhook: { path: '/api/stripe/webhook', what: 'signed Stripe webhooks' } },
  async start({ settings, productUrl, logger }) {
    let webhookUrl: string | undefined;
    try {
      webhookUrl = productUrl('webhook');
    } catch {
      webhookUrl = undefined;
    }
    const standIn = new StripeStandIn(
      {
        publishableKey: settings.publishableKey,
        webhookSecret: settings.webhookSecret,
        webhookUrl,
        periodSeconds: wholeSeconds(settings.periodSeconds, 'SANDBOX_STRIPE_PERIOD_SECONDS'),
        webhookRetryMs: wholeSeconds(settings.webhookRetryMs, 'SANDBOX_STRIPE_WEBHOOK_RETRY_MS'),
      },
      logger,
    );
    return { router: standIn.router(), ports: {}, close: async () => standIn.close() };
  },
  productEnv: ({ serverUrl, browserUrl, settings }) => ({
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    // The services' `stripe` SDK is pointed here (host, port, protocol).
    STRIPE_API_URL: serverUrl,
    STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: settings.publishableKey,
    // The card form in the browser confirms payments here, as Stripe.js would at api.stripe.com.
    STRIPE_BROWSER_API_URL: browserUrl,
  }),
  banner: ({ browserUrl }) =>
    `Stripe payments: local stand-in at ${browserUrl}; test card 4242 4242 4242 4242 (any future expiry, any CVC)`,
});
