import { Module } from '@nestjs/common';
import { PublicLimits } from './public-limits.js';
import { PublicRateLimitGuard } from './public-rate-limit.guard.js';
import { RateLimiter } from './rate-limiter.js';
import { UserWriteLimitInterceptor } from './user-write-limit.interceptor.js';

/** Counters in Redis: the public per-address buckets, the signed-in per-account writes, and the limits features count themselves. */
@Module({
  providers: [RateLimiter, PublicLimits, PublicRateLimitGuard, UserWriteLimitInterceptor],
  exports: [RateLimiter, PublicLimits, PublicRateLimitGuard, UserWriteLimitInterceptor],
})
export class RateLimitModule {}
