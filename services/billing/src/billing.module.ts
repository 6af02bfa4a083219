import { Module } from '@nestjs/common';
import { CONFIG, EventsModule, processedEventsProvider } from '@medical-qr/platform';
import type { BillingConfig } from './config.js';
import { MerchPaymentAnnouncer } from './merch-payments/merch-payment-announcer.js';
import { MerchPaymentsController } from './merch-payments/merch-payments.controller.js';
import { MerchPaymentsService } from './merch-payments/merch-payments.service.js';
import { PaymentProvider } from './provider/payment-provider.js';
import { PremiumPrice } from './provider/premium-price.js';
import { createStripeClient, STRIPE } from './provider/stripe-client.js';
import { PremiumAnnouncer } from './subscriptions/premium-announcer.js';
import { PremiumEndSweeper } from './subscriptions/premium-end-sweeper.js';
import { PremiumReceipt } from './subscriptions/premium-receipt.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { PaymentEventsConsumer } from './webhooks/payment-events.consumer.js';
import { WebhookReceiver } from './webhooks/webhook-receiver.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { BillingErasureController } from './erasure/billing-erasure.controller.js';
import { BillingExportController } from './export/billing-export.controller.js';

/** Premium status, subscriptions and merch payments on Stripe, and the provider's webhooks. */
@Module({
  imports: [EventsModule.register({ name: 'billing' })],
  controllers: [
    SubscriptionsController,
    MerchPaymentsController,
    WebhooksController,
    BillingExportController,
    BillingErasureController,
  ],
  providers: [
    { provide: STRIPE, inject: [CONFIG], useFactory: (config: BillingConfig) => createStripeClient(config) },
    PaymentProvider,
    PremiumPrice,
    SubscriptionsRepository,
    PremiumAnnouncer,
    SubscriptionsService,
    PremiumEndSweeper,
    MerchPaymentsService,
    WebhookReceiver,
    processedEventsProvider('billing'),
    MerchPaymentAnnouncer,
    PremiumReceipt,
    PaymentEventsConsumer,
  ],
})
export class BillingModule {}
