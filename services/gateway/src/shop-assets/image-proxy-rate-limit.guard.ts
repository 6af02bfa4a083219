import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const FIVE_MINUTES = 5 * 60 * 1000;
/**
 * A shop page shows a few dozen pictures and a customizer session a few hundred mockups (a family behind one address
 * more): pictures get twenty times the budget of the other public families.
 */
const PICTURES_PER_PUBLIC_REQUEST = 20;

/**
 * The image proxy's public budget: a multiple of RATE_LIMIT_PUBLIC_PER_5_MIN per IP, counted like the other public
 * buckets (PublicLimits), but in a bucket of its own, so a shop page full of pictures never eats into sign-in or
 * emergency card budgets. Every request counts, refused ones included: probing the allowlist costs the same.
 */
@Injectable()
export class ImageProxyRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await this.limiter.hit({
      key: `public:shop-images:${req.ip}`,
      max: this.config.RATE_LIMIT_PUBLIC_PER_5_MIN * PICTURES_PER_PUBLIC_REQUEST,
      windowMs: FIVE_MINUTES,
    });
    return true;
  }
}
