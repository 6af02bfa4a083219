import { Router } from 'express';
import type Stripe from 'stripe';
import type { SandboxLogger } from '../provider-descriptor.js';
import { authenticationRoutes, authenticationUrl } from './authentication-page.js';
import { catalogRoutes } from './catalog-routes.js';
import { customerRoutes } from './customer-routes.js';
import { EventLog } from './events.js';
import { eventRoutes } from './event-routes.js';
import { Expander } from './expand.js';
import { apiErrors, apiHeaders, endpoint, formBody, preflight, unknownUrl } from './http.js';
import { IdempotencyStore } from './idempotency.js';
import { invoiceRoutes } from './invoice-routes.js';
import { paymentIntentRoutes } from './payment-intent-routes.js';
import { paymentRoutes } from './payment-routes.js';
import { Payments } from './payments.js';
import { StripeStore } from './store.js';
import { subscriptionRoutes } from './subscription-routes.js';
import { Subscriptions } from './subscriptions.js';
import { WebhookSender } from './webhooks.js';
import type { RouteContext, StandInSettings } from './route-context.js';

export type { RouteContext, StandInSettings } from './route-context.js';

/** One stand-in Stripe account: its objects, its events and webhooks, its timers and its routes. */
export class StripeStandIn {
  readonly store = new StripeStore();
  readonly events: EventLog;
  readonly webhooks: WebhookSender;
  readonly payments: Payments;
  readonly subscriptions: Subscriptions;
  private readonly expander: Expander;
  private readonly idempotency = new IdempotencyStore();
  /** How browsers reach the stand-in, as the last browser call showed; else how the product does. */
  private browserBase: string | undefined;
  private serverBase: string | undefined;

  constructor(
    readonly settings: StandInSettings,
    private readonly logger: SandboxLogger,
  ) {
    this.events = new EventLog(() => this.webhooks.endpoints);
    this.webhooks = new WebhookSender(
      { url: settings.webhookUrl, secret: settings.webhookSecret, retryBaseMs: settings.webhookRetryMs },
      this.events,
      logger,
    );
    this.events.sendTo((event, key) => this.webhooks.enqueue(event, key));
    this.payments = new Payments(this.store, this.events);
    this.subscriptions = new Subscriptions(
      this.store,
      this.events,
      this.payments,
      {
        periodSeconds: settings.periodSeconds,
        authenticationUrl: (intent: Stripe.PaymentIntent) =>
          authenticationUrl(this.browserBase ?? this.serverBase ?? 'http://localhost', intent),
      },
      logger,
    );
    this.expander = new Expander(this.store);
  }

  router(): Router {
    const router = Router();
    const context: RouteContext = {
      store: this.store,
      events: this.events,
      payments: this.payments,
      subscriptions: this.subscriptions,
      settings: this.settings,
      reply: (object, expand) => this.expander.expand(object, expand),
      api: (access, handler) =>
        endpoint(
          {
            publishableKey: this.settings.publishableKey,
            idempotency: this.idempotency,
            logger: this.logger,
            sawCaller: (base, caller) => {
              if (caller.kind === 'publishable') this.browserBase = base;
              else this.serverBase = base;
            },
          },
          access,
          handler,
        ),
    };
    router.use('/v1', apiHeaders);
    router.options('/v1/*path', preflight);
    router.use('/v1', formBody);
    for (const routes of [
      customerRoutes,
      catalogRoutes,
      subscriptionRoutes,
      invoiceRoutes,
      paymentIntentRoutes,
      paymentRoutes,
      eventRoutes,
    ]) {
      routes(router, context);
    }
    router.use('/v1', unknownUrl);
    router.use('/v1', apiErrors(this.logger));
    authenticationRoutes(router, context);
    return router;
  }

  close(): void {
    this.subscriptions.close();
    this.webhooks.close();
  }
}
