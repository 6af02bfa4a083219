import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { RateLimiter } from './rate-limiter.js';

const FIVE_MINUTES = 5 * 60 * 1000;

/** The terms' limit on public endpoints: 100 requests per 5 minutes per IP, then 429 with Retry-After. */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await this.limiter.hit({
      key: `public:${req.ip}`,
      max: this.config.RATE_LIMIT_PUBLIC_PER_5_MIN,
      windowMs: FIVE_MINUTES,
    });
    return true;
  }
}
