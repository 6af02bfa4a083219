import { Module } from '@nestjs/common';
import { Queues } from '@medical-qr/contracts';
import { EventsModule, QueueModule, processedEventsProvider } from '@medical-qr/platform';
import { CartController } from './cart/cart.controller.js';
import { CartRepository } from './cart/cart.repository.js';
import { CartService } from './cart/cart.service.js';
import { LinePricer } from './cart/line-pricer.js';
import { CatalogCache } from './catalog/catalog-cache.js';
import { CatalogController } from './catalog/catalog.controller.js';
import { CatalogService } from './catalog/catalog.service.js';
import { BillingClient } from './checkout/billing.client.js';
import { CheckoutController } from './checkout/checkout.controller.js';
import { CheckoutRepository } from './checkout/checkout.repository.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { MerchPaymentConsumer } from './checkout/merch-payment.consumer.js';
import { OrderReceipt } from './checkout/order-receipt.js';
import { ShopCipherInstaller } from './database/shop-cipher.installer.js';
import { ShopErasureController } from './erasure/shop-erasure.controller.js';
import { MockupsController } from './mockups/mockups.controller.js';
import { MockupsRepository } from './mockups/mockups.repository.js';
import { MockupsService } from './mockups/mockups.service.js';
import { OrderSubmission } from './orders/order-submission.js';
import { OrdersController } from './orders/orders.controller.js';
import { OrdersRepository } from './orders/orders.repository.js';
import { OrdersService } from './orders/orders.service.js';
import { ShopJobsScheduler } from './orders/shop-jobs.scheduler.js';
import { ShopJobsWorker } from './orders/shop-jobs.worker.js';
import { PrintifyClient } from './printify/printify-client.js';
import { RecordsClient } from './records/records.client.js';
import { ShippingAddressController } from './shipping-address/shipping-address.controller.js';
import { ShippingAddressRepository } from './shipping-address/shipping-address.repository.js';
import { PrintifyWebhookRegistration } from './webhooks/printify-webhook-registration.js';
import { PrintifyWebhookReceiver } from './webhooks/printify-webhook.receiver.js';
import { PrintifyWebhooksController } from './webhooks/printify-webhooks.controller.js';

/**
 * The merch shop: Printify's catalog, mockups, the cart, checkout (paid through billing), orders and their sync
 * (swept, and on Printify's webhooks).
 */
@Module({
  imports: [QueueModule.register(Queues.shopOrders), EventsModule.register({ name: 'shop' })],
  controllers: [
    CatalogController,
    MockupsController,
    CartController,
    CheckoutController,
    OrdersController,
    PrintifyWebhooksController,
    ShopErasureController,
    ShippingAddressController,
  ],
  providers: [
    ShopCipherInstaller,
    PrintifyClient,
    CatalogCache,
    CatalogService,
    RecordsClient,
    MockupsRepository,
    MockupsService,
    CartRepository,
    ShippingAddressRepository,
    LinePricer,
    CartService,
    BillingClient,
    CheckoutRepository,
    CheckoutService,
    OrdersRepository,
    OrderSubmission,
    OrdersService,
    ShopJobsScheduler,
    ShopJobsWorker,
    processedEventsProvider('shop'),
    MerchPaymentConsumer,
    OrderReceipt,
    PrintifyWebhookReceiver,
    PrintifyWebhookRegistration,
  ],
})
export class ShopModule {}
