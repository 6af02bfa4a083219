import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AuditActions,
  ErrorCodes,
  medicalFormSchema,
  QR_DOWNLOAD_FILE_NAME,
  recordIdSchema,
  RecordsMessages,
  RecordsPatterns,
  type AnonymousCreationResponse,
  type DashboardResponse,
  type EmergencyContact,
  type MedicalForm,
  type MedicalRecord,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { clientInfo } from '../auth/client-info.js';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { PublicRateLimitGuard } from '../rate-limit/public-rate-limit.guard.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';

/** A malformed id cannot name anyone's record: the same 404 as someone else's, without asking the service. */
function recordId(raw: string): string {
  const parsed = recordIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.recordNotFound);
  return parsed.data;
}

/** Medical records and QR codes: anonymous creation, and the signed-in owner's codes. */
@ApiTags('medical records')
@Controller()
export class RecordsController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly sessions: SessionService,
  ) {}

  @Post('anonymous-medical-record')
  @HttpCode(200)
  @UseGuards(PublicRateLimitGuard)
  @ApiOperation({ summary: 'Creates the one free code an email may have (2 days); 409 when the email already has one' })
  createAnonymous(@Body(new ZodBody(medicalFormSchema)) form: MedicalForm, @Req() req: Request) {
    return this.services.request<AnonymousCreationResponse>(RecordsPatterns.createAnonymous, {
      form,
      appUrl: appUrl(req, this.config),
    });
  }

  @Post('medical-records')
  @HttpCode(200)
  @ApiOperation({ summary: "Creates the signed-in user's code; a free user's new code replaces the active one" })
  async create(@Body(new ZodBody(medicalFormSchema)) form: MedicalForm, @Req() req: Request) {
    const { userId } = (await this.sessions.require(req)).data;
    const record = await this.services.request<MedicalRecord>(RecordsPatterns.create, {
      userId,
      form,
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

  @Get('medical-records')
  @ApiOperation({ summary: "The signed-in user's codes, newest first" })
  async list(@Req() req: Request) {
    const { userId } = (await this.sessions.require(req)).data;
    return this.services.request<MedicalRecord[]>(RecordsPatterns.list, { userId, appUrl: appUrl(req, this.config) });
  }

  @Get('medical-records/active')
  @ApiOperation({ summary: "The signed-in user's active code, or null" })
  async active(@Req() req: Request, @Res() res: Response) {
    const { userId } = (await this.sessions.require(req)).data;
    const record = await this.services.request<MedicalRecord | null>(RecordsPatterns.active, {
      userId,
      appUrl: appUrl(req, this.config),
    });
    res.json(record);
  }

  @Get('medical-records/dashboard')
  @ApiOperation({ summary: 'The newest code (active, else expired) and its contacts, for the signed-in home page' })
  async dashboard(@Req() req: Request) {
    const { userId } = (await this.sessions.require(req)).data;
    return this.services.request<DashboardResponse>(RecordsPatterns.dashboard, {
      userId,
      appUrl: appUrl(req, this.config),
    });
  }

  @Get('medical-records/:id/emergency-contacts')
  @ApiOperation({ summary: "A record's emergency contacts; 404 unless the record is the user's own" })
  async contacts(@Param('id') id: string, @Req() req: Request) {
    const { userId } = (await this.sessions.require(req)).data;
    return this.services.request<EmergencyContact[]>(RecordsPatterns.contacts, { userId, recordId: recordId(id) });
  }

  @Delete('medical-records/:id')
  @ApiOperation({ summary: "Deletes one of the user's records with its contacts and scan log" })
  async delete(@Param('id') id: string, @Req() req: Request) {
    const { userId } = (await this.sessions.require(req)).data;
    const result = await this.services.request<{ deleted: true }>(RecordsPatterns.delete, {
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
  async qrCode(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    const { userId } = (await this.sessions.require(req)).data;
    const { pngBase64 } = await this.services.request<{ pngBase64: string }>(RecordsPatterns.qrImage, {
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
