import { createHmac } from 'node:crypto';
import type { SandboxLogger } from '../provider-descriptor.js';
import { WebhookDelivery } from '../webhook-delivery.js';
import { printifyTime } from './http.js';
import { newId } from './ids.js';
import type { Webhook, WebhookEvent, WebhookTopic } from './types.js';

/** Tries per event and webhook before the stand-in gives up on it (bounded, so a dead endpoint costs little). */
export const WEBHOOK_TRIES = 4;

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
  private readonly delivery: WebhookDelivery;

  constructor(
    private readonly settings: { shopId: string; retryBaseMs: number },
    logger: SandboxLogger,
  ) {
    this.delivery = new WebhookDelivery({ tries: WEBHOOK_TRIES, retryBaseMs: settings.retryBaseMs }, logger);
  }

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
    if (this.delivery.isClosed) return;
    const event: WebhookEvent = { id: newId(), type, created_at: printifyTime(), resource };
    const payload = JSON.stringify(event);
    for (const hook of this.hooks.values()) {
      if (hook.topic !== type) continue;
      // One resource's events reach one webhook in order.
      this.delivery.enqueue(`${hook.id}/${resource.id}`, {
        url: hook.url,
        payload,
        headers: () => ({
          'Content-Type': 'application/json',
          'User-Agent': 'Printify-Webhooks',
          ...(hook.secret && { 'X-Pfy-Signature': printifySignature(payload, hook.secret) }),
        }),
        label: `Printify webhook ${event.type} ${event.id}`,
        log: { event: event.id, type: event.type, webhook: hook.id },
      });
    }
  }

  close(): void {
    this.delivery.close();
  }

  private shown({ secret: _secret, ...hook }: Registered): Webhook {
    return hook;
  }
}
