import type { ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import type { DurableEvent, DurableEventData } from '@medical-qr/contracts';
import { CORRELATION_HEADER, runWithRequestId } from '../logging/correlation.js';
import { eventsHandled } from '../metrics/event-metrics.js';
import { decodeEvent, type EventContext } from './event-envelope.js';
import type { EventAddress } from './event-streams.js';
import { retryDelayMs, type RetryDelay } from './retry-delay.js';

export interface DeliveryContext extends EventContext {
  /** 1 on the first delivery, more when an earlier attempt failed or was never acknowledged. */
  deliveryCount: number;
}

/** Handles one event. Throwing means "not done": the event comes back later, with backoff. */
export type EventHandler<E extends DurableEvent> = (
  data: DurableEventData<E>,
  context: DeliveryContext,
) => Promise<void>;

export interface DurableConsumerParts<E extends DurableEvent> {
  client: JetStreamClient;
  event: E;
  address: EventAddress;
  /** The durable consumer's name (the consuming service). */
  name: string;
  handler: EventHandler<E>;
  retryDelay: RetryDelay;
  logger: Logger;
  /** Recreates the stream and consumer when the server lost them. */
  ensure: () => Promise<void>;
  unreadable: UnreadablePolicy;
  /** Keeps an event no attempt could read, with why, in the dead-letter stream. */
  deadLetter: (message: JsMsg, problem: string) => Promise<void>;
}

/**
 * What happens to an event this service cannot read. During a rollout it may have been written by a newer version,
 * which a newer replica in the same consumer group reads: so it is handed back, to whichever replica comes next, a
 * few times, spread over longer than a rollout takes. Only then does it go to the dead-letter stream (never simply
 * dropped, which would drop it for every replica).
 */
export interface UnreadablePolicy {
  attempts: number;
  retryMs: number;
}

export const DEFAULT_UNREADABLE_POLICY: UnreadablePolicy = { attempts: 10, retryMs: 30_000 };

const REOPEN_DELAY_MS = 1000;

/**
 * Pulls one service's events from its durable consumer, one at a time: acknowledges after the
 * handler succeeded, asks for redelivery with backoff when it threw, and moves an event that no
 * attempt could read to the dead-letter stream (UnreadablePolicy).
 */
export class DurableConsumer<E extends DurableEvent> {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private stopping = false;

  constructor(private readonly parts: DurableConsumerParts<E>) {}

  /** Resolves once the consumer exists and pulling has begun. */
  async start(): Promise<void> {
    await this.parts.ensure();
    this.messages = await this.open();
    this.loop = this.run(this.messages);
  }

  /** Stops pulling and waits for the event in hand; events already buffered go back at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop;
  }

  private async open(): Promise<ConsumerMessages> {
    const consumer = await this.parts.client.consumers.get(this.parts.address.stream, this.parts.name);
    const messages = await consumer.consume({ max_messages: 10 });
    void this.watch(messages);
    return messages;
  }

  private async run(first: ConsumerMessages): Promise<void> {
    let messages: ConsumerMessages | undefined = first;
    while (!this.stopping) {
      try {
        messages ??= this.messages = await this.open();
        for await (const message of messages) await this.deliver(message);
      } catch (error) {
        if (!this.stopping)
          this.parts.logger.warn({ err: error, subject: this.parts.event.subject }, 'event consumer interrupted');
      }
      messages = undefined;
      // The iterator ends only on close() or a server-side refusal; after the latter, try again shortly.
      if (!this.stopping) await new Promise((resolve) => setTimeout(resolve, REOPEN_DELAY_MS));
    }
  }

  /** The client keeps pulling across reconnects; when the server forgot the consumer, make it again. */
  private async watch(messages: ConsumerMessages): Promise<void> {
    for await (const status of messages.status()) {
      if (status.type !== 'consumer_not_found' && status.type !== 'stream_not_found') continue;
      await this.parts
        .ensure()
        .catch((error: unknown) =>
          this.parts.logger.warn({ err: error, subject: this.parts.event.subject }, 'event consumer not recreated yet'),
        );
    }
  }

  private async deliver(message: JsMsg): Promise<void> {
    if (this.stopping) return message.nak();
    const { event, handler, logger, retryDelay } = this.parts;
    const decoded = decodeEvent(event, message.data);
    if (!decoded.ok) return this.unreadable(message, decoded.problem, decoded.eventId);
    const context: DeliveryContext = { ...decoded.context, deliveryCount: message.info.deliveryCount };
    const requestId = message.headers?.get(CORRELATION_HEADER) || context.id;
    try {
      await runWithRequestId(requestId, () => handler(decoded.data, context));
    } catch (error) {
      const delayMs = retryDelayMs(context.deliveryCount, retryDelay);
      logger.warn(
        { err: error, subject: event.subject, eventId: context.id, attempt: context.deliveryCount, retryInMs: delayMs },
        'event not handled yet',
      );
      eventsHandled.inc({ subject: event.subject, outcome: 'retry' });
      return message.nak(delayMs);
    }
    eventsHandled.inc({ subject: event.subject, outcome: 'ok' });
    // A lost acknowledgement means one more delivery, which the handler's idempotency absorbs.
    await message
      .ackAck()
      .catch((error: unknown) =>
        logger.warn({ err: error, subject: event.subject, eventId: context.id }, 'event acknowledgement not confirmed'),
      );
  }

  private async unreadable(message: JsMsg, problem: string, eventId?: string): Promise<void> {
    const { event, logger, unreadable, deadLetter } = this.parts;
    const attempt = message.info.deliveryCount;
    const facts = { subject: event.subject, eventId, problem, attempt };
    if (attempt < unreadable.attempts) {
      logger.warn(facts, 'event this version cannot read; handed back for another replica');
      eventsHandled.inc({ subject: event.subject, outcome: 'unreadable' });
      return message.nak(unreadable.retryMs);
    }
    try {
      await deadLetter(message, problem);
    } catch (error) {
      logger.error({ ...facts, err: error }, 'unreadable event not moved to the dead-letter stream yet');
      return message.nak(unreadable.retryMs);
    }
    logger.error(facts, 'unreadable event moved to the dead-letter stream');
    eventsHandled.inc({ subject: event.subject, outcome: 'dead-lettered' });
    // No reason text: nats-server 2.9 (Debian's) ignores a termination that carries one.
    return message.term();
  }
}
