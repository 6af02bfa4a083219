import { Module } from '@nestjs/common';
import { PublicLimits } from './public-limits.js';
import { PublicRateLimitGuard } from './public-rate-limit.guard.js';
import { RateLimiter } from './rate-limiter.js';

/** Counters in Redis: the public per-address buckets, and the limits features count themselves. */
@Module({
  providers: [RateLimiter, PublicLimits, PublicRateLimitGuard],
  exports: [RateLimiter, PublicLimits, PublicRateLimitGuard],
})
export class RateLimitModule {}
