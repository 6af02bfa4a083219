import { type NatsOptions, ServerNats } from '@nestjs/microservices';
import { namespacedSubject } from './namespace.js';

type NatsServerOptions = Required<NatsOptions>['options'];

interface NatsSubscriber {
  subscribe(subject: string, options: { queue?: string; callback: (...args: unknown[]) => unknown }): unknown;
}

/**
 * Nest's NATS server inside one copy's namespace: each handler of `pattern` listens on
 * `{namespace}.{pattern}` in the queue group `{namespace}.{queue}`, so replicas of one copy share
 * the load and another copy on the same NATS server never receives its messages. Handlers keep
 * their plain patterns; the namespace exists only on the wire.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly defaultQueue?: string;

  constructor(
    private readonly namespace: string,
    options: NatsServerOptions,
  ) {
    super(options);
    this.defaultQueue = options.queue;
  }

  override bindEvents(client: NatsSubscriber): void {
    for (const [pattern, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? this.defaultQueue;
      client.subscribe(namespacedSubject(this.namespace, pattern), {
        queue: queue === undefined ? undefined : namespacedSubject(this.namespace, queue),
        callback: this.getMessageHandler(pattern).bind(this) as (...args: unknown[]) => unknown,
      });
    }
  }
}
