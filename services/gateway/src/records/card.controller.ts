import { Controller, Get, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  EMERGENCY_TOKEN_PATTERN,
  ErrorCodes,
  RecordsMessages,
  RecordsPatterns,
  type EmergencyCard,
} from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { PublicRateLimitGuard } from '../rate-limit/public-rate-limit.guard.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { setCardHeaders } from './card-headers.js';

/** The public emergency card's data: no sign-in, rate limited per IP, never cached, never leaking a referrer. */
@ApiTags('emergency card')
@Controller()
@UseGuards(PublicRateLimitGuard)
export class CardController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('emergency-card/:token')
  @ApiOperation({ summary: 'The card a responder sees; 404 when unknown, 410 once expired' })
  card(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.fetch(RecordsPatterns.card, token, req, RecordsMessages.cardNotFound);
  }

  @Get('emergency/:token')
  @ApiOperation({ summary: 'The record fields for the in-app scanner; 404 when unknown or inactive' })
  emergency(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.fetch(RecordsPatterns.emergency, token, req, RecordsMessages.emergencyNotFound);
  }

  private fetch(pattern: string, token: string, req: Request, notFound: string) {
    // A token that cannot exist never reaches the database.
    if (!EMERGENCY_TOKEN_PATTERN.test(token)) throw new AppError(ErrorCodes.NOT_FOUND, notFound);
    return this.services.request<EmergencyCard>(pattern, {
      token,
      viewer: { userAgent: (req.get('user-agent') ?? '').slice(0, 512) },
      appUrl: appUrl(req, this.config),
    });
  }
}
