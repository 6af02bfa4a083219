import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  AuditActions,
  dashboardResponseSchema,
  deletedResponseSchema,
  emergencyContactSchema,
  ErrorCodes,
  HISTORY_MAX_LIMIT,
  HISTORY_PAGE_SIZE,
  HISTORY_SEARCH_MAX_LENGTH,
  type HistoryQuery,
  historyQuerySchema,
  historyResponseSchema,
  type MedicalForm,
  medicalFormSchema,
  medicalRecordSchema,
  QR_DOWNLOAD_FILE_NAME,
  RECORDS_MAX_LIMIT,
  RECORDS_PAGE_SIZE,
  recordIdSchema,
  RecordsMessages,
  recordsPageSchema,
  type RecordsQuery,
  recordsQuerySchema,
  createRecordBodySchema,
  type RecordLabelBody,
  recordLabelBodySchema,
  recordSummarySchema,
  RecordsApi,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { clientInfo } from '../http/client-info.js';
import { expectedVersionOf, tagVersion } from '../http/entity-version.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { UserWriteLimit } from '../rate-limit/user-write-limit.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';

/** A malformed id cannot name anyone's record: the same 404 as someone else's, without asking the service. */
function recordId(raw: string): string {
  const parsed = recordIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.recordNotFound);
  return parsed.data;
}

/** The signed-in owner's medical records and QR codes; nothing here is ever cached. */
@ApiTags('medical records')
@Controller()
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class RecordsController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  @Post('medical-records')
  @HttpCode(200)
  @UserWriteLimit()
  @ApiOperation({
    summary:
      "Creates the signed-in user's code with its optional label; a free user's new code replaces the active one (the last 10 replaced are kept), and `addAnother: true` (a code beside the others) is premium's: 403 PREMIUM_REQUIRED for a free user; 409 past premium's 20 active codes; 429 past 30 writes a minute",
  })
  @ApiOkResponse({ standardSchema: medicalRecordSchema })
  async create(
    @Body({ schema: createRecordBodySchema }) { label, addAnother, ...form }: z.infer<typeof createRecordBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const { userId } = session.data;
    const record = await this.services.send(RecordsApi.create, {
      userId,
      form,
      label,
      addAnother,
      appUrl: appUrl(req, this.config),
    });
    await this.audit.record({
      action: AuditActions.recordCreated,
      userId,
      ...clientInfo(req),
      details: { recordId: record.id },
    });
    return record;
  }

  @Put('medical-records/:id')
  @UserWriteLimit()
  @ApiOperation({
    summary:
      "Updates one of the user's records in place: same code, same expiry, contacts replaced; 404 unless it is the user's own, 410 once expired, 409 once replaced or when saved from an older version (If-Match)",
  })
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description:
      'The ETag of the version the form was made from (GET answers it). A save from an older version is refused with 409 EDIT_CONFLICT and the record as it is now in `current`; without the header the save does not check.',
  })
  @ApiOkResponse({ standardSchema: medicalRecordSchema })
  async update(
    @Param('id') id: string,
    @Body({ schema: medicalFormSchema }) form: MedicalForm,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { userId } = session.data;
    const record = await this.services.send(RecordsApi.update, {
      userId,
      recordId: recordId(id),
      form,
      appUrl: appUrl(req, this.config),
      expectedVersion: expectedVersionOf(req.header('if-match')),
    });
    tagVersion(res, record.version);
    await this.audit.record({
      action: AuditActions.recordUpdated,
      userId,
      ...clientInfo(req),
      details: { recordId: record.id },
    });
    return record;
  }

  @Get('medical-records')
  @ApiOperation({
    summary:
      "The signed-in user's codes, newest first, one page at a time, as summaries (no medical details, no QR image: GET /api/medical-records/{id} and /api/qr-code/{id} give those)",
  })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: RECORDS_MAX_LIMIT, default: RECORDS_PAGE_SIZE },
  })
  @ApiQuery({
    name: 'status',
    required: false,
    description: 'active: only the codes that open their card now',
    schema: { type: 'string', enum: ['all', 'active'], default: 'all' },
  })
  @ApiOkResponse({ standardSchema: recordsPageSchema })
  async list(
    @Query({ schema: recordsQuerySchema }) query: RecordsQuery,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const { userId } = session.data;
    return this.services.send(RecordsApi.list, {
      userId,
      appUrl: appUrl(req, this.config),
      ...query,
    });
  }

  @Get('medical-records/history')
  @ApiOperation({
    summary:
      "Premium history: the user's records, newest first, searched by blood group, allergies and conditions, one page at a time; 403 PREMIUM_REQUIRED for others",
  })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: HISTORY_MAX_LIMIT, default: HISTORY_PAGE_SIZE },
  })
  @ApiQuery({ name: 'search', required: false, schema: { type: 'string', maxLength: HISTORY_SEARCH_MAX_LENGTH } })
  @ApiOkResponse({ standardSchema: historyResponseSchema })
  async history(
    @Query({ schema: historyQuerySchema }) query: HistoryQuery,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const { userId } = session.data;
    return this.services.send(RecordsApi.history, {
      userId,
      appUrl: appUrl(req, this.config),
      ...query,
    });
  }

  @Get('medical-records/active')
  @ApiOperation({ summary: "The signed-in user's active code, or null" })
  @ApiOkResponse({ standardSchema: medicalRecordSchema.nullable() })
  async active(@SignedIn() session: CurrentSession, @Req() req: Request, @Res() res: Response) {
    const { userId } = session.data;
    const record = await this.services.send(RecordsApi.active, {
      userId,
      appUrl: appUrl(req, this.config),
    });
    res.json(record);
  }

  @Get('medical-records/dashboard')
  @ApiOperation({ summary: 'The newest code (active, else expired) and its contacts, for the signed-in home page' })
  @ApiOkResponse({ standardSchema: dashboardResponseSchema })
  async dashboard(@SignedIn() session: CurrentSession, @Req() req: Request) {
    const { userId } = session.data;
    return this.services.send(RecordsApi.dashboard, {
      userId,
      appUrl: appUrl(req, this.config),
    });
  }

  @Get('medical-records/:id')
  @ApiOperation({ summary: "One of the user's records in full, with its QR image; 404 unless it is the user's own" })
  @ApiOkResponse({ standardSchema: medicalRecordSchema })
  async get(
    @Param('id') id: string,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { userId } = session.data;
    const record = await this.services.send(RecordsApi.get, {
      userId,
      recordId: recordId(id),
      appUrl: appUrl(req, this.config),
    });
    tagVersion(res, record.version);
    return record;
  }

  @Get('medical-records/:id/emergency-contacts')
  @ApiOperation({ summary: "A record's emergency contacts; 404 unless the record is the user's own" })
  @ApiOkResponse({ standardSchema: emergencyContactSchema, isArray: true })
  async contacts(@Param('id') id: string, @SignedIn() session: CurrentSession) {
    const { userId } = session.data;
    return this.services.send(RecordsApi.contacts, { userId, recordId: recordId(id) });
  }

  @Put('medical-records/:id/label')
  @UserWriteLimit()
  @ApiOperation({
    summary:
      'Names one of the user\'s codes ("Sam (child)", "Bag tag"; \'\' removes the name), to tell several codes apart; 404 unless it is the user\'s own',
  })
  @ApiOkResponse({ standardSchema: recordSummarySchema })
  async setLabel(
    @Param('id') id: string,
    @Body({ schema: recordLabelBodySchema }) { label }: RecordLabelBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const { userId } = session.data;
    return this.services.send(RecordsApi.setLabel, {
      userId,
      recordId: recordId(id),
      label,
      appUrl: appUrl(req, this.config),
    });
  }

  @Delete('medical-records/:id')
  @UserWriteLimit()
  @ApiOperation({ summary: "Deletes one of the user's records with its contacts and scan log" })
  @ApiOkResponse({ standardSchema: deletedResponseSchema })
  async delete(@Param('id') id: string, @SignedIn() session: CurrentSession, @Req() req: Request) {
    const { userId } = session.data;
    const result = await this.services.send(RecordsApi.delete, {
      userId,
      recordId: recordId(id),
    });
    await this.audit.record({
      action: AuditActions.recordDeleted,
      userId,
      ...clientInfo(req),
      details: { recordId: id },
    });
    return result;
  }

  @Get('qr-code/:id')
  @ApiOperation({ summary: "The QR image (PNG, about 256 px) of one of the user's records" })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'The PNG image', schema: { type: 'string', format: 'binary' } })
  async qrCode(
    @Param('id') id: string,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const { userId } = session.data;
    const { pngBase64 } = await this.services.send(RecordsApi.qrImage, {
      userId,
      recordId: recordId(id),
      appUrl: appUrl(req, this.config),
    });
    res
      .type('png')
      .setHeader('Cache-Control', 'private, no-store')
      .setHeader('Content-Disposition', `inline; filename="${QR_DOWNLOAD_FILE_NAME}"`)
      .send(Buffer.from(pngBase64, 'base64'));
  }
}
