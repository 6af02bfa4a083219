import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { PublicBucket } from './public-buckets.js';
import { PublicLimits } from './public-limits.js';

export const PUBLIC_BUCKET = Symbol('PUBLIC_BUCKET');

/** Counts the request in the bucket its route names with `@PublicRateLimit(bucket)`. */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: PublicLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.getAllAndOverride<PublicBucket | undefined>(PUBLIC_BUCKET, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!bucket) throw new Error('PublicRateLimitGuard is used without @PublicRateLimit(bucket)');
    await this.limits.count(bucket, context.switchToHttp().getRequest<Request>());
    return true;
  }
}
