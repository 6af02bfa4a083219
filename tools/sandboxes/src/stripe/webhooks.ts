import type { SandboxLogger } from '../provider-descriptor.js';
import type { EventLog, StandInEvent } from './events.js';
import { stripeSignature } from './signature.js';

/** Tries per event before the stand-in gives up on it (Stripe keeps trying for three days). */
export const WEBHOOK_TRIES = 8;
const ATTEMPT_TIMEOUT_MS = 10_000;

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
  private readonly queues = new Map<string, Promise<void>>();
  /** Waits between tries, each with what ends it early (close). */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly settings: WebhookSettings,
    private readonly log: EventLog,
    private readonly logger: SandboxLogger,
  ) {
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
    if (!url || this.closed) return;
    const previous = this.queues.get(orderingKey) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(url, event));
    this.queues.set(orderingKey, next);
    // Forget a key's queue once it is drained, so the map does not grow with every subscription ever seen.
    void next.then(() => {
      if (this.queues.get(orderingKey) === next) this.queues.delete(orderingKey);
    });
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve();
    }
    this.waits.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async deliver(url: string, event: StandInEvent): Promise<void> {
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= WEBHOOK_TRIES && !this.closed; attempt++) {
      const outcome = await this.attempt(url, payload);
      if (outcome === 'delivered') {
        this.log.delivered(event.id);
        this.logger.debug({ event: event.id, type: event.type, attempt }, 'webhook delivered');
        return;
      }
      if (this.closed) return;
      const last = attempt === WEBHOOK_TRIES;
      this.logger.warn(
        { event: event.id, type: event.type, attempt, outcome },
        last
          ? `webhook ${event.type} ${event.id} not delivered (${outcome}); giving up after ${WEBHOOK_TRIES} tries`
          : `webhook ${event.type} ${event.id} not delivered (${outcome}); trying again`,
      );
      if (!last) await this.sleep(this.settings.retryBaseMs * 2 ** (attempt - 1));
    }
  }

  private async attempt(url: string, payload: string): Promise<'delivered' | string> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
          Accept: '*/*; q=0.5, application/xml',
          // Signed at each try, with that try's time, as Stripe does.
          'Stripe-Signature': stripeSignature(payload, this.settings.secret),
        },
        body: payload,
        signal: controller.signal,
      });
      await response.body?.cancel();
      return response.ok ? 'delivered' : `HTTP ${response.status}`;
    } catch (error) {
      if (controller.signal.aborted) return this.closed ? 'stopped' : 'timed out';
      return error instanceof Error && error.cause instanceof Error ? error.cause.message : 'network error';
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.waits.set(timer, resolve);
    });
  }
}
