import { createHmac } from 'node:crypto';
import type { SandboxLogger } from '../provider-descriptor.js';
import { printifyTime } from './http.js';
import { newId } from './ids.js';
import type { Webhook, WebhookEvent, WebhookTopic } from './types.js';

/** Tries per event and webhook before the stand-in gives up on it (bounded, so a dead endpoint costs little). */
export const WEBHOOK_TRIES = 4;
const ATTEMPT_TIMEOUT_MS = 10_000;

interface Registered extends Webhook {
  secret: string | undefined;
}

/** `X-Pfy-Signature`: "sha256=" and the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function printifySignature(payload: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

/**
 * The shop's webhooks and their deliveries, as Printify makes them: a JSON POST per event to every webhook of its
 * topic, signed when the webhook has a secret. One resource's events go to one webhook in order, each retried with
 * doubling delays until a 2xx or the last try; nothing here holds up an API reply or throws.
 */
export class PrintifyWebhooks {
  private readonly hooks = new Map<string, Registered>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Waits between tries, each with what ends it early (close). */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly settings: { shopId: string; retryBaseMs: number },
    private readonly logger: SandboxLogger,
  ) {}

  register(topic: WebhookTopic, url: string, secret: string | undefined): Webhook {
    const hook: Registered = { id: newId(), topic, url, shop_id: this.settings.shopId, secret };
    this.hooks.set(hook.id, hook);
    return this.shown(hook);
  }

  list(): Webhook[] {
    return [...this.hooks.values()].map((hook) => this.shown(hook));
  }

  remove(id: string): boolean {
    return this.hooks.delete(id);
  }

  /** Sends an event to every webhook of its topic; none registered, none sent. */
  publish(type: WebhookTopic, resource: WebhookEvent['resource']): void {
    if (this.closed) return;
    const event: WebhookEvent = { id: newId(), type, created_at: printifyTime(), resource };
    for (const hook of this.hooks.values()) {
      if (hook.topic === type) this.enqueue(hook, event, `${hook.id}/${resource.id}`);
    }
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

  private shown({ secret: _secret, ...hook }: Registered): Webhook {
    return hook;
  }

  private enqueue(hook: Registered, event: WebhookEvent, key: string): void {
    const next = (this.queues.get(key) ?? Promise.resolve()).then(() => this.deliver(hook, event));
    this.queues.set(key, next);
    // Forget a drained queue, so the map does not grow with every order ever seen.
    void next.then(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
  }

  private async deliver(hook: Registered, event: WebhookEvent): Promise<void> {
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= WEBHOOK_TRIES && !this.closed; attempt++) {
      const outcome = await this.attempt(hook, payload);
      if (outcome === 'delivered' || this.closed) return;
      const last = attempt === WEBHOOK_TRIES;
      this.logger.warn(
        { event: event.id, type: event.type, webhook: hook.id, attempt, outcome },
        `Printify webhook ${event.type} ${event.id} not delivered (${outcome}); ${last ? `giving up after ${WEBHOOK_TRIES} tries` : 'trying again'}`,
      );
      if (!last) await this.sleep(this.settings.retryBaseMs * 2 ** (attempt - 1));
    }
  }

  private async attempt(hook: Registered, payload: string): Promise<string> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'Printify-Webhooks' };
      if (hook.secret) headers['X-Pfy-Signature'] = printifySignature(payload, hook.secret);
      const response = await fetch(hook.url, { method: 'POST', headers, body: payload, signal: controller.signal });
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
