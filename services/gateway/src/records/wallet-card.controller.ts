import { Controller, Get, Inject, Param, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  RecordsApi,
  RESPONDER_LANGUAGES,
  WALLET_SHEETS,
  walletCardFileName,
  walletCardQuerySchema,
  type WalletCardQuery,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import { signedInOf } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { walletCardContent } from '../wallet-card/wallet-card-content.js';
import { walletCardLabels } from '../wallet-card/wallet-card-labels.js';
import { walletCardPdf } from '../wallet-card/wallet-card-pdf.js';
import { recordIdOf } from './records.routes.js';

/**
 * The owner's printable wallet card as a PDF, made here rather than in the browser: the fonts that write every
 * script a name may be in (Chinese above all) are far too large to send to a browser. The record is read as its page
 * reads it, so another person's record is the same 404 as none.
 */
@ApiTags('medical records')
@Controller()
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class WalletCardController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('medical-records/:recordId/wallet-card.pdf')
  @ApiOperation({
    summary:
      "One of the user's records as a printable wallet card (PDF, A4 or US Letter): the first-minute facts beside the card's QR with its printed reference, the offline QR, conditions, medications, devices and contacts; 404 unless it is the user's own, 400 for another sheet or language",
  })
  @ApiParam({ name: 'recordId', required: true, type: String })
  @ApiQuery({ name: 'sheet', required: false, enum: WALLET_SHEETS, description: 'The paper: a4 (default) or letter' })
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: RESPONDER_LANGUAGES,
    description: "The language of the card's words; the one the owner writes in unless said",
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, as an attachment', schema: { type: 'string', format: 'binary' } })
  async walletCard(
    @Param('recordId') rawRecordId: string,
    @Query({ schema: walletCardQuerySchema }) query: WalletCardQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const recordId = recordIdOf(rawRecordId);
    const userId = signedInOf(req)!.data.userId;
    const record = await this.services.send(RecordsApi.get, { userId, recordId, appUrl: appUrl(req, this.config) });
    const labels = walletCardLabels(query.lang ?? record.writtenIn ?? 'en');
    const pdf = await walletCardPdf(
      walletCardContent(record, new Date(), labels, this.config.TWILIO_FROM_NUMBER),
      query.sheet,
      this.config.CARD_FONTS_DIR,
    );
    res
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${walletCardFileName(query.sheet)}"`)
      .send(Buffer.from(pdf));
  }
}
