import {
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { DurableEvent, DurableEventData } from '@medical-qr/contracts';
import { CORRELATION_HEADER, currentRequestId } from '../logging/correlation.js';
import { natsConnectionOptions, type NatsSettings } from '../nats/nats-options.js';
import {
  DEFAULT_UNREADABLE_POLICY,
  DurableConsumer,
  type EventHandler,
  type UnreadablePolicy,
} from './durable-consumer.js';
import { decodeEvent, encodeEvent, type EventContext } from './event-envelope.js';
import {
  DEFAULT_ACK_WAIT_MS,
  deadLetterAddress,
  ensureDeadLetterStream,
  ensureDurableConsumer,
  ensureStream,
  eventAddress,
  type EventAddress,
  type StreamLimits,
} from './event-streams.js';
import { DEFAULT_RETRY_DELAY, type RetryDelay } from './retry-delay.js';

export interface EventBusOptions {
  /** The server and this process's credentials (see NatsSettings). */
  nats: NatsSettings;
  /** The process (service) name: names its connection and its durable consumers. */
  name: string;
  /** Prefixes every subject and stream (the process's REDIS_PREFIX). */
  namespace: string;
  logger: Logger;
  /** How the event streams are kept (NATS_STREAM_REPLICAS, NATS_STREAM_MAX_BYTES); one copy of up to 1 GiB if unset. */
  streams?: StreamLimits;
}

export interface ConsumeOptions {
  retryDelay?: RetryDelay;
  ackWaitMs?: number;
  /** How often and how far apart an unreadable event is handed back before it is dead-lettered. */
  unreadable?: UnreadablePolicy;
}

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_TIMEOUT_MS = 5000;

/**
 * Durable events on NATS JetStream: publish an event declared in contracts, consume it with a
 * durable consumer named after this service (at least once, acknowledged after the handler), or
 * observe it on every replica without durability (live pushes).
 */
export class EventBus {
  private readonly streams = new Map<string, Promise<void>>();
  private readonly consumers: Array<DurableConsumer<DurableEvent>> = [];

  private constructor(
    private readonly connection: NatsConnection,
    private readonly client: JetStreamClient,
    private readonly manager: JetStreamManager,
    private readonly options: EventBusOptions,
  ) {}

  static async connect(options: EventBusOptions): Promise<EventBus> {
    const connection = await connect(natsConnectionOptions(options.nats, `${options.name}-events`));
    try {
      const manager = await jetstreamManager(connection, { timeout: PUBLISH_TIMEOUT_MS });
      return new EventBus(connection, jetstream(connection, { timeout: PUBLISH_TIMEOUT_MS }), manager, options);
    } catch (error) {
      await connection.close();
      throw new Error(`NATS at NATS_URL has no JetStream (start nats-server with -js): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** Stores the event durably (waits for the stream's acknowledgement) and answers its id. */
  async publish<E extends DurableEvent>(
    event: E,
    data: DurableEventData<E>,
    options: { id?: string } = {},
  ): Promise<string> {
    const envelope = encodeEvent(event, data, options.id);
    const address = this.address(event);
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(CORRELATION_HEADER, requestId);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ensureStream(address);
        // The id doubles as the stream's de-duplication key, so a retried publish is stored once.
        await this.client.publish(address.subject, JSON.stringify(envelope), {
          msgID: envelope.id,
          headers,
          expect: { streamName: address.stream },
        });
        return envelope.id;
      } catch (error) {
        this.streams.delete(address.stream);
        if (attempt >= PUBLISH_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  }

  /**
   * Handles every event of this type once per consuming service (replicas share the consumer).
   * Resolves when the stream and consumer exist and pulling has begun.
   */
  async consume<E extends DurableEvent>(
    event: E,
    handler: EventHandler<E>,
    options: ConsumeOptions = {},
  ): Promise<void> {
    const address = this.address(event);
    const name = this.options.name;
    // Not the memoised ensureStream: this also runs when the server lost the stream.
    const ensure = async () => {
      await ensureStream(this.manager, address, this.options.streams);
      await ensureDurableConsumer(this.manager, address.stream, {
        name,
        ackWaitMs: options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
      });
    };
    const consumer = new DurableConsumer({
      client: this.client,
      event,
      address,
      name,
      handler,
      ensure,
      retryDelay: options.retryDelay ?? DEFAULT_RETRY_DELAY,
      logger: this.options.logger,
      unreadable: options.unreadable ?? DEFAULT_UNREADABLE_POLICY,
      deadLetter: (message, problem) => this.deadLetter(message, problem),
    });
    await consumer.start();
    this.consumers.push(consumer as unknown as DurableConsumer<DurableEvent>);
  }

  /**
   * Sees every event of this type as it is published, on every replica, with no durability: for
   * live pushes that are worthless later. Answers a function that stops observing.
   */
  observe<E extends DurableEvent>(
    event: E,
    handler: (data: DurableEventData<E>, context: EventContext) => void,
  ): () => void {
    const { logger } = this.options;
    const subscription = this.connection.subscribe(this.address(event).subject, {
      callback: (error, message) => {
        if (error) return;
        const decoded = decodeEvent(event, message.data);
        if (!decoded.ok)
          return logger.warn({ subject: event.subject, problem: decoded.problem }, 'malformed event ignored');
        try {
          handler(decoded.data, decoded.context);
        } catch (failure) {
          logger.error({ err: failure, subject: event.subject, eventId: decoded.context.id }, 'event observer failed');
        }
      },
    });
    return () => subscription.unsubscribe();
  }

  /** Stops every consumer, letting the event in hand finish (before the database and queues close). */
  async stopConsuming(): Promise<void> {
    await Promise.allSettled(this.consumers.splice(0).map((consumer) => consumer.stop()));
  }

  async close(): Promise<void> {
    await this.stopConsuming();
    if (!this.connection.isClosed()) await this.connection.drain().catch(() => this.connection.close());
  }

  /** Keeps the event's bytes as they came, with where from and why, for an operator to look at and publish again. */
  private async deadLetter(message: JsMsg, problem: string): Promise<void> {
    const { namespace, name } = this.options;
    await ensureDeadLetterStream(this.manager, namespace, this.options.streams);
    const headers = natsHeaders();
    headers.set('Mqr-Original-Subject', message.subject);
    headers.set('Mqr-Original-Sequence', String(message.seq));
    headers.set('Mqr-Consumer', name);
    headers.set('Mqr-Problem', problem.slice(0, 500));
    const requestId = message.headers?.get(CORRELATION_HEADER);
    if (requestId) headers.set(CORRELATION_HEADER, requestId);
    await this.client.publish(deadLetterAddress(namespace, name).subject, message.data, {
      headers,
      // The same event dead-lettered twice (a lost acknowledgement) is kept once.
      msgID: `${name}:${message.info.stream}:${message.seq}`,
    });
  }

  private address(event: DurableEvent): EventAddress {
    return eventAddress(this.options.namespace, event.subject);
  }

  /** Once per stream and process, unless a publish failed since (the stream may have gone). */
  private ensureStream(address: EventAddress): Promise<void> {
    let ensured = this.streams.get(address.stream);
    if (!ensured) {
      ensured = ensureStream(this.manager, address, this.options.streams);
      ensured.catch(() => this.streams.delete(address.stream));
      this.streams.set(address.stream, ensured);
    }
    return ensured;
  }
}
