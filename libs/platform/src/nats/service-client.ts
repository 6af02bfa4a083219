import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { inSpan, injectTraceContext, SpanKind } from '../tracing/tracing.js';
import { firstValueFrom, timeout as rxTimeout, TimeoutError } from 'rxjs';

import type { AnyMessage, MessageReply, MessageRequest } from '@medical-qr/contracts';
import { AppError, isRpcErrorPayload } from '../errors/app-error.js';
import { describeIssues } from '../errors/validation.js';
import {
  CLIENT_REQUEST_ID_HEADER,
  CORRELATION_HEADER,
  currentClientRequestId,
  currentRequestId,
} from '../logging/correlation.js';
import type { ProcessEnv } from '../config/env-schemas.js';
import { natsClientRequestDuration, natsClientRequests, type NatsClientOutcome } from '../metrics/nats-metrics.js';
import { namespacedSubject } from './namespace.js';
import { natsConnectionOptions, type NatsSettings } from './nats-options.js';

export interface RequestOptions {
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
}

/**
 * Request/reply and events over NATS, with a deadline on every request and the caller's
 * request id in the headers. A service that does not answer becomes SERVICE_UNAVAILABLE,
 * never a hung request; an `{code, message}` reply becomes an AppError with that code.
 * Callers name plain patterns; on the wire every subject is inside the copy's namespace.
 */
export class ServiceClient {
  private readonly client: ClientNats;

  constructor(
    nats: NatsSettings,
    clientName: string,
    private readonly defaultTimeoutMs: number,
    /** The copy's namespace (REDIS_PREFIX), in front of every subject. */
    readonly namespace: string,
    /** Check every reply against its declaration (development and tests): a service that drifts from its contract fails loudly. */
    private readonly checkReplies = false,
  ) {
    this.client = new ClientNats(natsConnectionOptions(nats, clientName));
  }

  /** A connected client for the process named `clientName`, set up from its validated configuration. */
  static async connect(config: ProcessEnv, clientName: string): Promise<ServiceClient> {
    const client = new ServiceClient(
      config,
      clientName,
      config.NATS_REQUEST_TIMEOUT_MS,
      config.REDIS_PREFIX,
      config.NODE_ENV !== 'production',
    );
    await client.connect();
    return client;
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /** Whether the NATS connection is up right now (no round trip). */
  isConnected(): boolean {
    try {
      const connection = this.client.unwrap<{ isClosed(): boolean; protocol?: { connected?: boolean } }>();
      return !connection.isClosed() && connection.protocol?.connected !== false;
    } catch {
      return false;
    }
  }

  /**
   * Sends a declared message and answers its reply, typed by the declaration: the payload is what its
   * request schema takes, the reply what its reply schema gives.
   */
  async send<M extends AnyMessage>(
    message: M,
    payload: MessageRequest<M>,
    options: RequestOptions = {},
  ): Promise<MessageReply<M>> {
    const reply = await this.request<MessageReply<M>>(message.pattern, payload, options);
    if (this.checkReplies) {
      const checked = message.reply.safeParse(reply);
      if (!checked.success) {
        throw new Error(`The reply to ${message.pattern} breaks its declaration: ${describeIssues(checked.error)}`);
      }
    }
    return reply;
  }

  /** A message not yet declared (health pings): the caller names the reply type. */
  request<T>(pattern: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
    return inSpan(`send ${pattern}`, SpanKind.CLIENT, () => this.sendTraced<T>(pattern, payload, options));
  }

  private async sendTraced<T>(pattern: string, payload: unknown, options: RequestOptions): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const service = pattern.split('.')[0];
    const record = new NatsRecordBuilder(payload ?? {}).setHeaders(this.headers()).build();
    const stopTimer = natsClientRequestDuration.startTimer({ pattern });
    const count = (outcome: NatsClientOutcome) => {
      stopTimer();
      natsClientRequests.inc({ pattern, outcome });
    };
    try {
      const reply = await firstValueFrom(this.client.send<T>(this.subject(pattern), record).pipe(rxTimeout(timeoutMs)));
      count('ok');
      return reply;
    } catch (error) {
      if (isRpcErrorPayload(error)) {
        count('error');
        throw new AppError(error.code, error.message, error.details);
      }
      if (error instanceof TimeoutError) {
        count('timeout');
        throw AppError.unavailable(`The ${service} service did not answer within ${timeoutMs} ms. Please try again.`);
      }
      count('unavailable');
      throw AppError.unavailable(`The ${service} service cannot be reached right now. Please try again in a moment.`);
    }
  }

  /** Publishes a fact; nobody answers. */
  async emit(pattern: string, payload: unknown): Promise<void> {
    const record = new NatsRecordBuilder(payload ?? {}).setHeaders(this.headers()).build();
    await firstValueFrom(this.client.emit(this.subject(pattern), record), { defaultValue: undefined });
  }

  /**
   * Receives every event published on `pattern`, outside any queue group: each subscriber (say,
   * every gateway replica) gets its own copy. Answers a function that stops the subscription.
   */
  subscribe<T>(pattern: string, handler: (data: T) => void): () => void {
    const connection = this.client.unwrap<{
      subscribe(
        subject: string,
        options: { callback: (error: Error | null, message: { string(): string }) => void },
      ): {
        unsubscribe(): void;
      };
    }>();
    const subscription = connection.subscribe(this.subject(pattern), {
      callback: (error, message) => {
        if (error) return;
        try {
          // Nest's NATS transport wraps every event as { pattern, data }.
          handler((JSON.parse(message.string()) as { data: T }).data);
        } catch {
          // A malformed event is dropped; the publisher is the one at fault.
        }
      },
    });
    return () => subscription.unsubscribe();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private subject(pattern: string): string {
    return namespacedSubject(this.namespace, pattern);
  }

  private headers() {
    const h = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) h.set(CORRELATION_HEADER, requestId);
    const clientRequestId = currentClientRequestId();
    if (clientRequestId) h.set(CLIENT_REQUEST_ID_HEADER, clientRequestId);
    injectTraceContext(h);
    return h;
  }
}
