import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DurableEvents, type MerchPaymentSucceeded } from '@medical-qr/contracts';
import {
  type DeliveryContext,
  Consumes,
  EVENT_BUS,
  type EventBus,
  LOGGER,
  ProcessedEvents,
} from '@medical-qr/platform';
import type { NewOrderRow } from '../database/schema.js';
import { ShopJobsScheduler } from '../orders/shop-jobs.scheduler.js';
import { CheckoutRepository } from './checkout.repository.js';

/**
 * A merch payment went through (billing asked the provider): the checkout becomes one order per
 * line, and the cart lines it paid for leave the cart — once, however often the event comes
 * (the event id and the checkout's paid mark are written in the same transaction). Then each
 * order is queued for Printify, the receipt mail is queued, and the buyer's tabs are told their cart changed.
 */
@Injectable()
export class MerchPaymentConsumer {
  constructor(
    private readonly checkouts: CheckoutRepository,
    private readonly jobs: ShopJobsScheduler,
    private readonly processed: ProcessedEvents,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Consumes(DurableEvents.merchPaymentSucceeded)
  async order(event: MerchPaymentSucceeded, context: DeliveryContext) {
    let made: NewOrderRow[] = [];
    await this.processed.once(context, async (tx) => {
      const checkout = await this.checkouts.lockForPayment(tx, event.checkoutId, event.userId);
      if (!checkout) {
        this.logger.error({ checkoutId: event.checkoutId }, 'a merch payment names no checkout of its user');
        return;
      }
      if (checkout.paidAt) return;
      if (checkout.amount !== event.amountCents) {
        // Paid is paid: the orders are made, and the difference is flagged for support.
        this.logger.error(
          { checkoutId: checkout.id, expected: checkout.amount, received: event.amountCents },
          'merch payment amount differs from the checkout',
        );
      }
      made = checkout.lines.map((line, lineIndex) => ({
        id: randomUUID(),
        userId: checkout.userId,
        checkoutId: checkout.id,
        lineIndex,
        blueprintId: line.blueprintId,
        printProviderId: line.printProviderId,
        variantId: line.variantId,
        productTitle: line.productTitle,
        variantLabel: line.variantLabel,
        quantity: line.quantity,
        totalPrice: line.itemTotal,
        countryCode: line.countryCode,
        addressLine1: line.addressLine1,
        addressLine2: line.addressLine2,
        city: line.city,
        state: line.state,
        postalCode: line.postalCode,
        qrScale: line.qrScale,
        mockupUrl: line.mockupUrl,
        buyerEmail: checkout.buyerEmail,
        buyerName: checkout.buyerName,
        appUrl: checkout.appUrl,
        status: 'paid',
      }));
      await this.checkouts.completePayment(tx, checkout, event.paymentIntentId, made);
    });
    if (made.length === 0) return;
    this.logger.info({ checkoutId: event.checkoutId, orders: made.length }, 'merch payment became orders');
    for (const order of made) await this.jobs.submit(order.id!);
    await this.jobs.receipt(event.checkoutId);
    // The id is the checkout's: a retried announcement is one event.
    await this.events.publish(DurableEvents.cartCleared, { userId: event.userId }, { id: `cart-${event.checkoutId}` });
  }
}
