import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  EMERGENCY_TOKEN_PATTERN,
  type EmergencyCard,
  emergencyCardSchema,
  ErrorCodes,
  RecordsMessages,
  RecordsPatterns,
} from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicLimits } from '../rate-limit/public-limits.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { setCardHeaders } from './card-headers.js';

/**
 * The public emergency card's data: no sign-in, never cached, never leaking a referrer. A card
 * that opens is never refused, whatever else its address did (a hospital's Wi-Fi puts many
 * people behind one); only misses (unknown or malformed tokens) count, per address, against enumeration.
 */
@ApiTags('emergency card')
@Controller()
export class CardController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limits: PublicLimits,
  ) {}

  @Get('emergency-card/:token')
  @ApiOperation({ summary: 'The card a responder sees; 404 when unknown, 410 once expired; misses are rate limited' })
  @ApiOkResponse({ standardSchema: emergencyCardSchema })
  card(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.fetch(RecordsPatterns.card, token, req, RecordsMessages.cardNotFound);
  }

  @Get('emergency/:token')
  @ApiOperation({ summary: 'The record fields for the in-app scanner; 404 when unknown or inactive' })
  @ApiOkResponse({ standardSchema: emergencyCardSchema })
  emergency(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.fetch(RecordsPatterns.emergency, token, req, RecordsMessages.emergencyNotFound);
  }

  private async fetch(pattern: string, token: string, req: Request, notFound: string): Promise<EmergencyCard> {
    try {
      // A token that cannot exist never reaches the database.
      if (!EMERGENCY_TOKEN_PATTERN.test(token)) throw new AppError(ErrorCodes.NOT_FOUND, notFound);
      return await this.services.request<EmergencyCard>(pattern, {
        token,
        viewer: { userAgent: (req.get('user-agent') ?? '').slice(0, 512) },
        appUrl: appUrl(req, this.config),
      });
    } catch (error) {
      // Over the limit, the miss answers 429 instead of 404.
      if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND)
        await this.limits.count(PublicBuckets.cardMiss, req);
      throw error;
    }
  }
}
