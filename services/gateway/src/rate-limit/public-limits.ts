import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';
import { limitedAddress } from '../http/client-address.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { BUCKET_ALLOWANCE, type PublicBucket } from './public-buckets.js';
import { RateLimiter } from './rate-limiter.js';

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * The terms' limit on public endpoints: RATE_LIMIT_PUBLIC_PER_5_MIN per bucket and address (IPv6 by its /64) (times the bucket's allowance),
 * then 429 with Retry-After. Every request counts, refused ones included.
 */
@Injectable()
export class PublicLimits {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  count(bucket: PublicBucket, req: Request): Promise<void> {
    return this.limiter.hit({
      key: `public:${bucket}:${limitedAddress(req.ip)}`,
      max: this.config.RATE_LIMIT_PUBLIC_PER_5_MIN * (BUCKET_ALLOWANCE[bucket] ?? 1),
      windowMs: FIVE_MINUTES,
    });
  }
}
