import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DurableEvents } from '@medical-qr/contracts';
import { type DeliveryContext, EVENT_BUS, type EventBus, LOGGER, ProcessedEvents } from '@medical-qr/platform';
import { PaymentProvider } from '../provider/payment-provider.js';
import { isMerchPayment, merchPaymentEventId, merchPaymentSucceededOf } from './merch-payment.js';

/**
 * Tells the shop (merch-payment.succeeded) that a merch checkout is paid, once the provider itself
 * says its PaymentIntent succeeded: the webhook only says which PaymentIntent to ask about.
 */
@Injectable()
export class MerchPaymentAnnouncer {
  constructor(
    private readonly provider: PaymentProvider,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly processed: ProcessedEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async paymentSucceeded(paymentIntentId: string, context: DeliveryContext): Promise<void> {
    const intent = await this.provider.retrievePaymentIntent(paymentIntentId);
    // A subscription invoice's PaymentIntent (premium follows its invoice events), or none of ours.
    if (!intent || !isMerchPayment(intent)) return;
    const payment = merchPaymentSucceededOf(intent);
    if (!payment) {
      this.logger.warn(
        { eventId: context.id, paymentIntentId, status: intent.status },
        'merch payment not announced: the provider does not show it succeeded for a checkout',
      );
      return;
    }
    const handled = await this.processed.once(context, async () => {
      // Inside the transaction: if the publish fails, the event is not recorded as handled and comes back.
      await this.events.publish(DurableEvents.merchPaymentSucceeded, payment, { id: merchPaymentEventId(intent.id) });
    });
    if (!handled) this.logger.info({ eventId: context.id, paymentIntentId }, 'merch payment already announced');
  }
}
