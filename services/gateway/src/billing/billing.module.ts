import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { routesController } from '../routes/routes-controller.js';
import { BILLING_ROUTES } from './billing.routes.js';
import { StripeKeyController } from './stripe-key.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** Premium over HTTP: status, the subscription and its actions, Stripe's webhook and the card form's key. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [
    routesController('BillingRoutesController', 'premium', BILLING_ROUTES),
    StripeWebhookController,
    StripeKeyController,
  ],
})
export class BillingModule {}
