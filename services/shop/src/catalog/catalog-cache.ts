import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';

/**
 * Printify's catalog answers kept in Redis for CATALOG_CACHE_TTL_MS: the catalog changes rarely and
 * Printify limits how often it may be asked. Redis may be lost (DESIGN "Time and truth"): a cache
 * that cannot be read or written is skipped, and Printify is asked instead.
 */
@Injectable()
export class CatalogCache implements OnApplicationShutdown {
  private readonly redis: Redis;
  /** The same question asked twice at once goes to Printify once. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.redis = new Redis(config.REDIS_URL, {
      keyPrefix: `${config.REDIS_PREFIX}:shop:catalog:`,
      // A cache must fail fast, not queue commands while Redis is away.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    this.redis.on('error', () => undefined);
  }

  /** The cached answer for `key`, else `load()`'s (cached when it is not null). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = await this.read<T>(key);
    if (cached !== undefined) return cached;
    const pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const loading = load()
      .then(async (value) => {
        if (value !== null) await this.write(key, value);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  private async read<T>(key: string): Promise<T | undefined> {
    try {
      const text = await this.redis.get(key);
      return text === null ? undefined : (JSON.parse(text) as T);
    } catch (error) {
      this.logger.debug({ err: error, key }, 'catalog cache not read');
      return undefined;
    }
  }

  private async write(key: string, value: unknown): Promise<void> {
    try {
      await this.redis.set(key, JSON.stringify(value), 'PX', this.config.CATALOG_CACHE_TTL_MS);
    } catch (error) {
      this.logger.debug({ err: error, key }, 'catalog cache not written');
    }
  }

  async onApplicationShutdown() {
    this.redis.disconnect();
  }
}
