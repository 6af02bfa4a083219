import type { SandboxLogger } from '../provider-descriptor.js';
import { WebhookDelivery } from '../webhook-delivery.js';
import type { EventLog, StandInEvent } from './events.js';
import { stripeSignature } from './signature.js';

/** Tries per event before the stand-in gives up on it (Stripe keeps trying for three days). */
export const WEBHOOK_TRIES = 8;

export interface WebhookSettings {
  /** The product's webhook endpoint; undefined keeps events for `GET /v1/events` only. */
  url: string | undefined;
  secret: string;
  /** The first retry waits this long, each next one twice as long. */
  retryBaseMs: number;
}

/**
 * Sends each event to the product as Stripe does: a JSON POST signed in `Stripe-Signature`. Events of one subscription
 * go one after the other, each retried with doubling delays until a 2xx or the last try; nothing here holds up an
 * API reply.
 */
export class WebhookSender {
  private readonly delivery: WebhookDelivery;

  constructor(
    private readonly settings: WebhookSettings,
    private readonly log: EventLog,
    logger: SandboxLogger,
  ) {
    this.delivery = new WebhookDelivery({ tries: WEBHOOK_TRIES, retryBaseMs: settings.retryBaseMs }, logger);
    if (!settings.url) {
      logger.info(
        'Stripe stand-in: SANDBOX_PRODUCT_URL is not set, so webhooks are not sent; events are kept at GET /v1/events',
      );
    }
  }

  /** How many endpoints an event is pending for (`pending_webhooks`). */
  get endpoints(): number {
    return this.settings.url ? 1 : 0;
  }

  enqueue(event: StandInEvent, orderingKey: string): void {
    const url = this.settings.url;
    if (!url) return;
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    this.delivery.enqueue(orderingKey, {
      url,
      payload,
      headers: () => ({
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'Cache-Control': 'no-cache',
        Accept: '*/*; q=0.5, application/xml',
        // Signed at each try, with that try's time, as Stripe does.
        'Stripe-Signature': stripeSignature(payload, this.settings.secret),
      }),
      label: `webhook ${event.type} ${event.id}`,
      log: { event: event.id, type: event.type },
      onDelivered: () => this.log.delivered(event.id),
    });
  }

  close(): void {
    this.delivery.close();
  }
}
