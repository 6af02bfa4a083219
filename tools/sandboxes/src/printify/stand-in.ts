import { Router, type NextFunction, type Request, type Response } from 'express';
import type { SandboxLogger } from '../provider-descriptor.js';
import { catalogRoutes } from './catalog-routes.js';
import { notFound } from './errors.js';
import { API_PATHS, bearerAuth, bodyErrors, endpoint, jsonBody, unknownPath } from './http.js';
import { imageRoutes } from './image-routes.js';
import { orderRoutes } from './order-routes.js';
import { OrderBook } from './orders.js';
import { productRoutes } from './product-routes.js';
import { ProductStore } from './products.js';
import { UploadStore, uploadRoutes } from './uploads.js';
import { webhookRoutes } from './webhook-routes.js';
import { PrintifyWebhooks } from './webhooks.js';
import type { RouteContext, StandInSettings } from './route-context.js';

export type { RouteContext, StandInSettings } from './route-context.js';

/** One Printify account with one shop: its uploads, products, orders and webhooks, its order clock and its routes. */
export class PrintifyStandIn {
  readonly uploads = new UploadStore();
  readonly products = new ProductStore(this.uploads);
  readonly webhooks: PrintifyWebhooks;
  readonly orders: OrderBook;

  constructor(
    readonly settings: StandInSettings,
    private readonly logger: SandboxLogger,
  ) {
    this.webhooks = new PrintifyWebhooks({ shopId: settings.shopId, retryBaseMs: settings.webhookRetryMs }, logger);
    this.orders = new OrderBook(
      { shopId: Number(settings.shopId), stepMs: settings.orderStepMs },
      this.products,
      this.webhooks,
    );
  }

  router(): Router {
    const router = Router();
    const context: RouteContext = {
      shopId: Number(this.settings.shopId),
      uploads: this.uploads,
      products: this.products,
      orders: this.orders,
      webhooks: this.webhooks,
      api: (handler) => endpoint(this.logger, handler),
    };
    // Only Printify's own prefixes: the rest of `/v1` belongs to the other stand-ins (Stripe).
    router.use(API_PATHS, bearerAuth(this.settings.token));
    router.use('/v1/shops/:shopId', this.onlyOurShop());
    router.use(API_PATHS, jsonBody, bodyErrors(this.logger));
    router.get(
      '/v1/shops.json',
      endpoint(this.logger, () => [this.shop()]),
    );
    for (const routes of [catalogRoutes, uploadRoutes, productRoutes, orderRoutes, webhookRoutes]) {
      routes(router, context);
    }
    router.use(API_PATHS, unknownPath);
    imageRoutes(router, context);
    return router;
  }

  close(): void {
    this.orders.close();
    this.webhooks.close();
  }

  private shop() {
    return {
      id: Number(this.settings.shopId),
      title: 'Medical QR (local stand-in)',
      sales_channel: 'custom_integration',
    };
  }

  /** The token has one shop; any other id is unknown to it. */
  private onlyOurShop() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.params.shopId === this.settings.shopId) return next();
      res.status(404).json(notFound(`Shop ${String(req.params.shopId)}`).body);
    };
  }
}
