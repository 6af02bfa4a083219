import { defineProvider } from '../provider-descriptor.js';
import { IMAGE_PATH } from './image-routes.js';
import { PrintifyStandIn } from './stand-in.js';

export { PrintifyStandIn, type StandInSettings } from './stand-in.js';
export { printifySignature, WEBHOOK_TRIES } from './webhooks.js';
export { MAX_UPLOAD_BYTES } from './uploads.js';
export { CATALOG } from './catalog-data.js';
export type * from './types.js';

/**
 * The secret the shop gives the stand-in when it registers its webhooks, and checks their signatures with. The shop
 * chooses it, as with Printify itself, so it is the product's value rather than a setting of the stand-in's.
 */
export const LOCAL_PRINTIFY_WEBHOOK_SECRET = 'local-printify-webhook-secret';

function wholeNumber(value: string, variable: string, min: number): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < min) {
    throw new Error(`${variable} must be a whole number of at least ${min} (got "${value}")`);
  }
  return Number(value);
}

/**
 * Printify's REST API v1 (catalog, uploads, products with drawn mockups, orders that move through production to
 * delivery, signed webhooks) for one shop, on Printify's own `/v1` paths, with its images under /printify-images.
 */
export const printifyProvider = defineProvider({
  name: 'printify',
  label: 'Printify print on demand',
  realVariables: ['PRINTIFY_API_TOKEN'],
  ports: {},
  settings: {
    token: { variable: 'SANDBOX_PRINTIFY_TOKEN', defaultValue: 'local-printify-token' },
    shopId: { variable: 'SANDBOX_PRINTIFY_SHOP_ID', defaultValue: '1000001' },
    /** How long each order status lasts once sent to production; webhook retries start at a quarter of it. */
    orderStepMs: { variable: 'SANDBOX_PRINTIFY_ORDER_STEP_MS', defaultValue: '5000' },
  },
  outbound: {},
  async start({ settings, logger }) {
    const orderStepMs = wholeNumber(settings.orderStepMs, 'SANDBOX_PRINTIFY_ORDER_STEP_MS', 1);
    const standIn = new PrintifyStandIn(
      {
        token: settings.token,
        shopId: String(wholeNumber(settings.shopId, 'SANDBOX_PRINTIFY_SHOP_ID', 1)),
        orderStepMs,
        // A retried event still arrives before the order's next step.
        webhookRetryMs: Math.max(1, Math.floor(orderStepMs / 4)),
      },
      logger,
    );
    return { router: standIn.router(), ports: {}, close: async () => standIn.close() };
  },
  productEnv: ({ serverUrl, settings }) => ({
    PRINTIFY_API_TOKEN: settings.token,
    PRINTIFY_SHOP_ID: settings.shopId,
    // The shop service calls `${PRINTIFY_API_URL}/v1/...`, as https://api.printify.com/v1/... for real.
    PRINTIFY_API_URL: serverUrl,
    // Catalog pictures and mockups come from here; the image proxy allows only these hosts.
    PRINTIFY_IMAGE_HOSTS: new URL(serverUrl).host,
    PRINTIFY_WEBHOOK_SECRET: LOCAL_PRINTIFY_WEBHOOK_SECRET,
  }),
  banner: ({ browserUrl }) =>
    `Printify print on demand: local stand-in at ${browserUrl}/v1 (images at ${browserUrl}${IMAGE_PATH}/)`,
});
