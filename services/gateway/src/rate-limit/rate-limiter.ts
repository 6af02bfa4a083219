import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG, REDIS } from '../tokens.js';

export interface Limit {
  /** What is counted, e.g. `login-fail:<account>:<ip>`. Hashed before it reaches Redis. */
  key: string;
  max: number;
  windowMs: number;
}

/** Takes back one count, but never creates a key (which would live without an expiry). */
const RELEASE_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

function tooMany(retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return new AppError(ErrorCodes.RATE_LIMITED, `Too many attempts. Please wait ${wait} and try again.`, {
    retryAfterSeconds,
  });
}

/**
 * Fixed-window counters in Redis, shared by every gateway replica. Keys are a keyed hash (under a
 * key derived from SESSION_SECRET), so emails and IPs neither sit in Redis in clear nor can be
 * found again by hashing guesses.
 */
@Injectable()
export class RateLimiter {
  private readonly keyOfKeys: Buffer;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.keyOfKeys = createHmac('sha256', config.SESSION_SECRET).update('rate-limit-keys').digest();
  }

  /**
   * Counts one event and throws RATE_LIMITED once the count passes the limit. Counting and
   * reading the count are one atomic step, so parallel requests cannot all slip under it: exactly
   * one event finds the count one past the limit, and that one runs `onLimitReached` first.
   */
  async hit(limit: Limit, onLimitReached?: () => Promise<void>): Promise<void> {
    const key = this.redisKey(limit.key);
    const results = await this.redis.multi().incr(key).pexpire(key, limit.windowMs, 'NX').pttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? limit.windowMs);
    if (count <= limit.max) return;
    if (count === limit.max + 1) await onLimitReached?.();
    throw tooMany(ttl > 0 ? ttl : limit.windowMs);
  }

  /** Gives back one count taken by `hit` for an event that turned out not to count. */
  async release(limit: Pick<Limit, 'key'>): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.redisKey(limit.key));
  }

  async reset(limit: Pick<Limit, 'key'>): Promise<void> {
    await this.redis.del(this.redisKey(limit.key));
  }

  private redisKey(key: string) {
    return `${this.config.REDIS_PREFIX}:rl:${createHmac('sha256', this.keyOfKeys).update(key).digest('base64url').slice(0, 32)}`;
  }
}
