import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type PrintifyWebhookRequest,
  Queues,
  ShopJobs,
  type ShopJob,
  ShopMessages,
  type WebhookReceived,
} from '@medical-qr/contracts';
import { AppError, CONFIG, InjectQueue, type JobQueue, LOGGER } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { isOrderEvent, parsePrintifyEvent, type PrintifyEvent } from './printify-event.js';
import { printifySignatureMatches } from './printify-signature.js';

/**
 * The sync job's id for an event: one job per event, however often Printify delivers it. BullMQ refuses ids with
 * a colon, so an id of other characters than letters, digits, `-` and `_` is hashed.
 */
export function syncJobIdOf(eventId: string): string {
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(eventId)
    ? eventId
    : createHash('sha256').update(eventId).digest('hex').slice(0, 40);
  return `printify-event-${safe}`;
}

/**
 * Printify's order webhooks: the signature is checked over the exact bytes, then an event about one of our orders
 * queues a sync of that order and Printify gets its 2xx at once. The event's own data is never trusted: the sync job
 * reads the order from Printify, so a late, repeated or out-of-order event still records the latest truth.
 */
@Injectable()
export class PrintifyWebhookReceiver {
  constructor(
    private readonly orders: OrdersRepository,
    @InjectQueue(Queues.shopOrders) private readonly queue: JobQueue<ShopJob>,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive({ payload, signature }: PrintifyWebhookRequest): Promise<WebhookReceived> {
    const event = this.verified(payload, signature);
    if (!isOrderEvent(event)) {
      this.logger.info({ eventId: event.id, type: event.type }, 'Printify event of no order topic ignored');
      return { received: true };
    }
    const order = await this.orders.findByPrintifyOrderId(event.resource.id);
    if (!order) {
      // Another system's order in the same Printify shop, or one made by hand: not ours to follow.
      this.logger.info({ eventId: event.id, type: event.type }, 'Printify event for no order of ours ignored');
      return { received: true };
    }
    // Redis not taking the job answers 503, and Printify delivers the event again.
    await this.queue.add(ShopJobs.sync, { orderId: order.id }, { jobId: syncJobIdOf(event.id) });
    this.logger.info({ eventId: event.id, type: event.type, orderId: order.id }, 'order sync queued by Printify');
    return { received: true };
  }

  private verified(payload: string, signature: string): PrintifyEvent {
    const secret = this.config.PRINTIFY_WEBHOOK_SECRET;
    if (!secret) throw AppError.unavailable(ShopMessages.webhooksOff);
    if (!printifySignatureMatches(payload, signature, secret)) throw AppError.validation(ShopMessages.webhookSignature);
    const event = parsePrintifyEvent(payload);
    if (!event) throw AppError.validation(ShopMessages.webhookNotAnEvent);
    return event;
  }
}
