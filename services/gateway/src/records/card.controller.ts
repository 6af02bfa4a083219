import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { emergencyCardSchema, RecordsMessages, RecordsApi } from '@medical-qr/contracts';
import { setCardHeaders } from './card-headers.js';
import { CardReader } from './card-reader.js';

/**
 * The public emergency card's data: no sign-in, never cached, never leaking a referrer. The page a responder opens
 * (`/emergency/{token}`) is rendered from the same read (card-page/).
 */
@ApiTags('emergency card')
@Controller()
export class CardController {
  constructor(private readonly cards: CardReader) {}

  @Get('emergency-card/:token')
  @ApiOperation({ summary: 'The card a responder sees; 404 when unknown, 410 once expired; misses are rate limited' })
  @ApiOkResponse({ standardSchema: emergencyCardSchema })
  card(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.cards.read(RecordsApi.card, token, req, RecordsMessages.cardNotFound);
  }

  @Get('emergency/:token')
  @ApiOperation({ summary: 'The record fields for the in-app scanner; 404 when unknown or inactive' })
  @ApiOkResponse({ standardSchema: emergencyCardSchema })
  emergency(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    return this.cards.read(RecordsApi.emergency, token, req, RecordsMessages.emergencyNotFound);
  }
}
