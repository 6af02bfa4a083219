import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { CROSS_SITE_ALLOWED } from './cross-site-allowed.decorator.js';
import { startedOnAnotherSite } from './request-site.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED =
  'This request came from another website and was refused. Changes can only be made from the Medical QR app itself.';

/**
 * Refuses state-changing requests that a browser says started on another site (a forged form or
 * script). SameSite=Lax cookies are not enough: a forged sign-in needs no cookie (a cross-site form
 * could sign a visitor into the demo account), and a sibling subdomain counts as the same site.
 * Runs for every route, before any other guard; a route opts out only with `@CrossSiteAllowed()`.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!STATE_CHANGING.has(req.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(CROSS_SITE_ALLOWED, [context.getHandler(), context.getClass()]))
      return true;
    if (startedOnAnotherSite(req, this.config, ['same-origin', 'none']))
      throw new AppError(ErrorCodes.FORBIDDEN, CROSS_SITE_REFUSED);
    return true;
  }
}
