import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  type AuditAction,
  AuditActions,
  emptyPrivacyBodySchema,
  EXPORTS_PER_HOUR,
  exportFileName,
  personalDataExportSchema,
  type PrivacyStatus,
  privacyStatusSchema,
  requestDeletionBodySchema,
  revokeConsentBodySchema,
  PrivacyApi,
} from '@medical-qr/contracts';
import { type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { RecentAuthenticationGuard } from './recent-authentication.guard.js';

type ReasonBody = z.infer<typeof revokeConsentBodySchema>;
type DeletionBody = z.infer<typeof requestDeletionBodySchema>;
type EmptyBody = z.infer<typeof emptyPrivacyBodySchema>;

/** The privacy changes a person asks for; each answers the new status. */
type PrivacyChange =
  | typeof PrivacyApi.revokeConsent
  | typeof PrivacyApi.giveConsent
  | typeof PrivacyApi.requestDeletion
  | typeof PrivacyApi.cancelDeletion;

const HOUR_MS = 60 * 60 * 1000;
/** Gathering asks every service, some of which read and decrypt a good deal: longer than a plain question. */
const EXPORT_CALL = { timeoutMs: 30_000 } as const;

/**
 * Privacy controls (SPEC section 7): the status for the signed-in person, and the changes, each behind a
 * re-authentication within the last 10 minutes and written to the audit log. Every change answers the new status.
 */
@ApiTags('privacy')
@Controller('privacy')
@UseInterceptors(NoStoreInterceptor)
export class PrivacyController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('export-data')
  @UseGuards(RecentAuthenticationGuard)
  @ApiOperation({
    summary:
      'Downloads everything held about the person from every service, with an HL7 FHIR International Patient Summary of the current record, as medical-data-export-YYYY-MM-DD.json. 403 REAUTH_REQUIRED without a re-authentication in the last 10 minutes; 429 after 10 in an hour',
  })
  @ApiOkResponse({
    description: 'A download (Content-Disposition: attachment) of this JSON document',
    standardSchema: personalDataExportSchema,
  })
  async exportData(@SignedIn() session: CurrentSession, @Req() req: Request, @Res() res: Response) {
    const { userId } = session.data;
    await this.limiter.hit({ key: `privacy-export:${userId}`, max: EXPORTS_PER_HOUR, windowMs: HOUR_MS });
    const exported = await this.services.send(
      PrivacyApi.exportData,
      { userId, appUrl: appUrl(req, this.config) },
      EXPORT_CALL,
    );
    await this.audit.record({ action: AuditActions.dataExported, userId, ...clientInfo(req) });
    res
      .status(200)
      .type('application/json')
      .setHeader('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .send(JSON.stringify(exported, null, 2));
  }

  @Get('status')
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'The deletion request (none, requested or cancelled, with its dates) and the consent' })
  @ApiOkResponse({ standardSchema: privacyStatusSchema })
  status(@SignedIn() session: CurrentSession) {
    return this.services.send(PrivacyApi.status, { userId: session.data.userId });
  }

  @Post('revoke-consent')
  @HttpCode(200)
  @UseGuards(RecentAuthenticationGuard)
  @ApiOperation({
    summary:
      "Revokes consent: the person's cards and printed tags answer 404 until consent is given again. 403 REAUTH_REQUIRED without a re-authentication in the last 10 minutes",
  })
  @ApiOkResponse({ standardSchema: privacyStatusSchema })
  revokeConsent(
    @Body({ schema: revokeConsentBodySchema }) { reason }: ReasonBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.change(PrivacyApi.revokeConsent, AuditActions.consentRevoked, session, req, { reason });
  }

  @Post('give-consent')
  @HttpCode(200)
  @UseGuards(RecentAuthenticationGuard)
  @ApiOperation({ summary: "Gives consent again: the person's cards and printed tags show their data again" })
  @ApiOkResponse({ standardSchema: privacyStatusSchema })
  giveConsent(
    @Body({ schema: emptyPrivacyBodySchema }) _body: EmptyBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.change(PrivacyApi.giveConsent, AuditActions.consentGiven, session, req, { reason: '' });
  }

  @Post('request-deletion')
  @HttpCode(200)
  @UseGuards(RecentAuthenticationGuard)
  @ApiOperation({
    summary:
      'Schedules the erasure of all the person’s data 30 days out (cancellable until then), or with `immediate: true` erases it now (the saga runs at once; sessions end when it is done); 409 when already scheduled and not immediate',
  })
  @ApiOkResponse({ standardSchema: privacyStatusSchema })
  requestDeletion(
    @Body({ schema: requestDeletionBodySchema }) { reason, immediate }: DeletionBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.change(PrivacyApi.requestDeletion, AuditActions.deletionRequested, session, req, {
      reason,
      immediate,
    });
  }

  @Post('cancel-deletion')
  @HttpCode(200)
  @UseGuards(RecentAuthenticationGuard)
  @ApiOperation({ summary: 'Cancels a pending deletion request; 409 when none is pending' })
  @ApiOkResponse({ standardSchema: privacyStatusSchema })
  cancelDeletion(
    @Body({ schema: emptyPrivacyBodySchema }) _body: EmptyBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.change(PrivacyApi.cancelDeletion, AuditActions.deletionCancelled, session, req, {});
  }

  /** One change and its audit entry; the reason is kept by the privacy service, not in the audit log. */
  private async change(
    message: PrivacyChange,
    action: AuditAction,
    session: CurrentSession,
    req: Request,
    request: { reason?: string; immediate?: boolean },
  ): Promise<PrivacyStatus> {
    const { userId } = session.data;
    const status = await this.services.send(message, { userId, ...request });
    await this.audit.record({
      action,
      userId,
      ...clientInfo(req),
      ...(request.immediate ? { details: { immediate: true } } : {}),
    });
    return status;
  }
}
