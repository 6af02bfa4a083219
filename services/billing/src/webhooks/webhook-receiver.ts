import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import {
  BillingMessages,
  DurableEvents,
  ErrorCodes,
  eventIdSchema,
  type ReceiveWebhookRequest,
  type WebhookReceived,
} from '@medical-qr/contracts';
import { AppError, CONFIG, EVENT_BUS, type EventBus } from '@medical-qr/platform';
import type { BillingConfig } from '../config.js';
import { paymentEventOf } from './payment-event.js';

/**
 * Stripe's own tolerance: a signature older than this is refused (a replayed capture), and so is one
 * dated further ahead (the SDK checks only the past; a future date would stretch a capture's life).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signing time of a Stripe-Signature header in seconds, read as the SDK reads it (the last `t=`). */
function signedAtSeconds(signature: string): number {
  const times = signature.split(',').filter((part) => part.split('=')[0] === 't');
  return parseInt(times.at(-1)?.split('=')[1] ?? '', 10);
}

/**
 * Checks a webhook's signature over its exact bytes and hands the event to billing's durable
 * stream, so the provider gets its 2xx at once and the work (asking the provider, recording,
 * announcing) happens once per event id, after.
 */
@Injectable()
export class WebhookReceiver {
  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(EVENT_BUS) private readonly events: EventBus,
  ) {}

  async receive({ payload, signature }: ReceiveWebhookRequest): Promise<WebhookReceived> {
    const event = this.verified(payload, signature);
    const data = paymentEventOf(event);
    if (data) await this.events.publish(DurableEvents.paymentEventReceived, data, { id: event.id });
    return { received: true };
  }

  private verified(payload: string, signature: string): Stripe.Event {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, BillingMessages.paymentsNotConfigured);
    let event: Stripe.Event;
    try {
      // The SDK's own check: HMAC-SHA256 of "t.payload", any v1 signature, t within the tolerance.
      event = Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw AppError.validation(BillingMessages.webhookSignature);
    }
    if (!(signedAtSeconds(signature) <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS))
      throw AppError.validation(BillingMessages.webhookSignature);
    // Signed, so the provider's; its id becomes the stream's de-duplication key and must fit one.
    if (!eventIdSchema.safeParse(event.id).success) throw AppError.validation(BillingMessages.webhookSignature);
    return event;
  }
}
