import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { PremiumController } from './premium.controller.js';
import { StripeKeyController } from './stripe-key.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { SubscriptionController } from './subscription.controller.js';

/** Premium over HTTP: status, the subscription and its actions, Stripe's webhook and the card form's key. */
@Module({
  imports: [SessionModule],
  controllers: [PremiumController, SubscriptionController, StripeWebhookController, StripeKeyController],
})
export class BillingModule {}
