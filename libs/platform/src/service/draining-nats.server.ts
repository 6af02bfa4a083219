import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { NatsContext } from '@nestjs/microservices';
import { NamespacedNatsServer } from '../nats/namespaced-nats.server.js';

type NatsServerOptions = ConstructorParameters<typeof NamespacedNatsServer>[1];
/** The packet Nest publishes as a reply; the last one of a request is disposed or an error. */
type ReplyPacket = { isDisposed?: boolean; err?: unknown };

/**
 * A service's NATS server that can stop gracefully: `drain()` leaves the queue group (new requests
 * go to other replicas, or fail fast with "no responders"), waits until every request already
 * taken has published its reply, then closes the connection. Nest's own close cuts the connection
 * at once, and a handler still running would then answer into nothing.
 */
export class DrainingNatsServer extends NamespacedNatsServer {
  private connection?: NatsConnection;
  private readonly served: Subscription[] = [];
  private connected = false;
  private draining = false;
  private inFlight = 0;
  private whenIdle?: () => void;
  /** Ends the in-flight count of a request once its last reply is out. */
  private readonly finishers = new WeakMap<Msg, () => void>();
  private readonly replying = new WeakSet<Msg>();

  constructor(namespace: string, options: NatsServerOptions) {
    super(namespace, options);
    this.status.subscribe((status) => (this.connected = status === 'connected'));
  }

  /** Whether requests reach this server now: connected to NATS, and not stopping. */
  isServing(): boolean {
    return this.connected && !this.draining;
  }

  override bindEvents(client: Parameters<NamespacedNatsServer['bindEvents']>[0]): void {
    const connection = (this.connection = client as NatsConnection);
    // Keeps each subscription the base class makes, to leave them on drain().
    super.bindEvents({
      subscribe: (subject, options) => {
        const subscription = connection.subscribe(subject, options as Parameters<NatsConnection['subscribe']>[1]);
        this.served.push(subscription);
        return subscription;
      },
    });
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    // Events have no reply to wait for; only requests hold the shutdown.
    if (!message.reply) return super.handleMessage(channel, message);
    const finish = this.begin();
    this.finishers.set(message, finish);
    try {
      const handled: unknown = await super.handleMessage(channel, message);
      // Read as an event after all (no id): no reply will be published.
      if (!this.replying.has(message)) finish();
      return handled;
    } catch (error) {
      finish();
      throw error;
    }
  }

  override getPublisher(message: Msg, id: string, context: NatsContext): (response: ReplyPacket) => unknown {
    const publish = super.getPublisher(message, id, context) as (response: ReplyPacket) => unknown;
    const finish = this.finishers.get(message);
    if (!finish) return publish;
    this.replying.add(message);
    return (response) => {
      try {
        return publish(response);
      } finally {
        if (response.isDisposed || response.err !== undefined) finish();
      }
    };
  }

  /** Stops taking requests, lets those in hand answer, then closes the connection (idempotent). */
  async drain(): Promise<void> {
    if (this.draining) return this.idle();
    this.draining = true;
    const subscriptions = this.served.splice(0);
    // Draining asks the server for a round trip; without a connection, just stop listening.
    if (this.connected) await Promise.allSettled(subscriptions.map((subscription) => subscription.drain()));
    else for (const subscription of subscriptions) subscription.unsubscribe();
    await this.idle();
    const connection = this.connection;
    if (connection && !connection.isClosed()) await connection.drain().catch(() => connection.close());
  }

  private begin(): () => void {
    this.inFlight++;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      if (--this.inFlight === 0) this.whenIdle?.();
    };
  }

  private idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.whenIdle;
      this.whenIdle = () => {
        previous?.();
        resolve();
      };
    });
  }
}
