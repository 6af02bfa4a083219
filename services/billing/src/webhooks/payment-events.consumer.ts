import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DurableEvents, type PaymentEventReceived } from '@medical-qr/contracts';
import { type DeliveryContext, Consumes, LOGGER, ProcessedEvents } from '@medical-qr/platform';
import { MerchPaymentAnnouncer } from '../merch-payments/merch-payment-announcer.js';
import { PaymentProvider } from '../provider/payment-provider.js';
import { PremiumAnnouncer } from '../subscriptions/premium-announcer.js';
import { PremiumReceipt } from '../subscriptions/premium-receipt.js';
import { userIdFromMetadata } from '../subscriptions/subscription-row.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

/**
 * Does a webhook's work once per provider event: asks the provider for the subscription as it is
 * now (the authority, so an event that arrives late or out of order still records the latest
 * truth), stores it and announces the user's premium if it changed; a paid invoice gets its receipt mailed. A
 * succeeded PaymentIntent goes to the merch payments, which announce a paid checkout.
 */
@Injectable()
export class PaymentEventsConsumer {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly provider: PaymentProvider,
    private readonly announcer: PremiumAnnouncer,
    private readonly merchPayments: MerchPaymentAnnouncer,
    private readonly receipts: PremiumReceipt,
    private readonly processed: ProcessedEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Consumes(DurableEvents.paymentEventReceived)
  async handle(event: PaymentEventReceived, context: DeliveryContext): Promise<void> {
    if (event.type === 'payment_intent.succeeded' && event.paymentIntentId) {
      return this.merchPayments.paymentSucceeded(event.paymentIntentId, context);
    }
    const subscriptionId = event.subscriptionId;
    if (!subscriptionId) return;
    const userId = await this.userFor(subscriptionId, event.customerId);
    if (!userId) {
      this.logger.info({ eventId: context.id, type: event.type }, 'payment event for no user of ours ignored');
      return;
    }
    const handled = await this.processed.once(context, async (tx) => {
      await this.repository.lockUser(tx, userId);
      // The cancellation an erasure made comes back as an event: the person is gone, nothing is stored again.
      if (await this.repository.wasErased(tx, userId)) return;
      const subscription = await this.provider.retrieveSubscription(subscriptionId);
      if (!subscription) return;
      await this.announcer.store(tx, userId, subscription);
      await this.announcer.announce(tx, userId, `${context.id}-premium`);
    });
    if (!handled) this.logger.info({ eventId: context.id, type: event.type }, 'payment event already handled');
    // Asked on every delivery (identity sends one receipt per invoice): a failure here redelivers the event, whose
    // premium work above is then skipped, and the receipt is asked again.
    if (event.invoiceId && event.amountPaidCents) {
      await this.receipts.send(userId, event.invoiceId, event.amountPaidCents);
    }
  }

  /** Our customer's user, else the user the subscription was made for (its metadata). */
  private async userFor(subscriptionId: string, customerId: string | null): Promise<string | null> {
    const known = customerId ? await this.repository.findUserIdByCustomer(customerId) : undefined;
    if (known) return known;
    const subscription = await this.provider.retrieveSubscription(subscriptionId);
    return subscription && userIdFromMetadata(subscription);
  }
}
