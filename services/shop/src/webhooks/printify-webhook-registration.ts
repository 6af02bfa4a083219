import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import { PrintifyClient } from '../printify/printify-client.js';
import { ORDER_WEBHOOK_TOPICS } from './printify-event.js';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Makes sure Printify calls the gateway on every order topic: at start, the shop's webhooks are listed and the
 * missing ones created, each with the shared secret. Webhooks only speed things up (the sync sweep follows every
 * open order anyway), so this never holds up or stops the start: a failure is logged and the next start tries again.
 */
@Injectable()
export class PrintifyWebhookRegistration implements OnApplicationBootstrap {
  constructor(
    private readonly printify: PrintifyClient,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.register().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'Printify webhooks not registered; the sync sweep still follows every order'),
    );
  }

  /** Creates the webhooks the shop lacks, and answers the topics it created. */
  async register(): Promise<string[]> {
    const { PRINTIFY_API_TOKEN, PRINTIFY_SHOP_ID, PRINTIFY_WEBHOOK_SECRET: secret, PRINTIFY_WEBHOOK_URL } = this.config;
    // No print shop configured: nothing to follow.
    if (!PRINTIFY_API_TOKEN || !PRINTIFY_SHOP_ID) return [];
    if (!secret || !PRINTIFY_WEBHOOK_URL) {
      this.logger.info(
        'Printify webhooks are off (set PRINTIFY_WEBHOOK_SECRET and PRINTIFY_WEBHOOK_URL): the sync sweep follows orders',
      );
      return [];
    }
    const url = withoutTrailingSlash(PRINTIFY_WEBHOOK_URL);
    const existing = await this.printify.webhooks();
    const missing = ORDER_WEBHOOK_TOPICS.filter(
      (topic) => !existing.some((hook) => hook.topic === topic && withoutTrailingSlash(hook.url) === url),
    );
    for (const topic of missing) await this.printify.createWebhook(topic, url, secret);
    if (missing.length) this.logger.info({ topics: missing, url }, 'Printify webhooks registered');
    return missing;
  }
}
