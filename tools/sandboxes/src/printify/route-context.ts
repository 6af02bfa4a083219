// The shapes the route files share with the stand-in, apart from it: route files import these, never the
// stand-in itself, so no module imports one that imports it back.
import type { endpoint, Handler } from './http.js';
import type { OrderBook } from './orders.js';
import type { ProductStore } from './products.js';
import type { UploadStore } from './uploads.js';
import type { PrintifyWebhooks } from './webhooks.js';

export interface StandInSettings {
  /** The one API token the stand-in accepts (the product's PRINTIFY_API_TOKEN). */
  token: string;
  /** The one shop the token has, a whole number as Printify's shop ids. */
  shopId: string;
  /** How long each order status lasts once sent to production. */
  orderStepMs: number;
  /** The first webhook retry waits this long, each next one twice as long. */
  webhookRetryMs: number;
}

/** What the route files get: the shop's parts, and `api()` to declare an endpoint. */
export interface RouteContext {
  shopId: number;
  uploads: UploadStore;
  products: ProductStore;
  orders: OrderBook;
  webhooks: PrintifyWebhooks;
  api(handler: Handler): ReturnType<typeof endpoint>;
}
