import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
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

function tooMany(retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return new AppError(ErrorCodes.RATE_LIMITED, `Too many attempts. Please wait ${wait} and try again.`, {
    retryAfterSeconds,
  });
}

/**
 * Fixed-window counters in Redis, shared by every gateway replica. Keys are hashed, so emails
 * and IPs do not sit in Redis in clear.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Counts one event and throws RATE_LIMITED once the count passes the limit. */
  async hit(limit: Limit): Promise<void> {
    const key = this.redisKey(limit.key);
    const results = await this.redis.multi().incr(key).pexpire(key, limit.windowMs, 'NX').pttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? limit.windowMs);
    if (count > limit.max) throw tooMany(ttl);
  }

  /** Throws RATE_LIMITED if the count has already reached the limit, without counting. */
  async check(limit: Limit): Promise<void> {
    const key = this.redisKey(limit.key);
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    if (Number(count ?? 0) >= limit.max) throw tooMany(ttl > 0 ? ttl : limit.windowMs);
  }

  /** Counts an event without refusing (e.g. a failed sign-in, refused on the next try). */
  async record(limit: Limit): Promise<void> {
    const key = this.redisKey(limit.key);
    await this.redis.multi().incr(key).pexpire(key, limit.windowMs, 'NX').exec();
  }

  async reset(limit: Pick<Limit, 'key'>): Promise<void> {
    await this.redis.del(this.redisKey(limit.key));
  }

  private redisKey(key: string) {
    return `${this.config.REDIS_PREFIX}:rl:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
  }
}
