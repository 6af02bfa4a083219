import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { PublicBucket } from './public-buckets.js';
import { PUBLIC_BUCKET, PublicRateLimitGuard } from './public-rate-limit.guard.js';

/** Counts every request to the route in a public bucket per IP (see PublicBuckets). */
export function PublicRateLimit(bucket: PublicBucket) {
  return applyDecorators(SetMetadata(PUBLIC_BUCKET, bucket), UseGuards(PublicRateLimitGuard));
}
