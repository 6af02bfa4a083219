import { Controller, Get, HttpCode, Inject, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import {
  AuditActions,
  EXPORTS_PER_HOUR,
  exportFileName,
  type ExportSection,
  personalDataExportSchema,
  PrivacyApi,
} from '@medical-qr/contracts';
import { LOGGER, SERVICE_CLIENT, type AuditTrail, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { exportDocument } from './export-document.js';
import { RecentAuthenticationGuard } from './recent-authentication.guard.js';
import { streamedJson } from './streamed-json.js';

const HOUR_MS = 60 * 60 * 1000;
/** The head gathers from every service, and a page of records is decrypted: longer than a plain question. */
const EXPORT_TIMEOUT_MS = 30_000;
/** Text gathered before it is written: a few pages' worth, so a small export goes out in one piece. */
const WRITE_CHUNK_CHARS = 64 * 1024;

/** The client went away mid-download: nothing more to fetch or write. */
class ClientGone extends Error {}

/**
 * `GET /api/privacy/export-data`: the person's export, streamed. The privacy service answers its bounded head and
 * then each list a page at a time (every NATS message bounded); the file is written as the pages come. Until the
 * first byte goes out an error answers as any other (a JSON error with its status); after that, the connection is cut
 * rather than ended, so a download that failed never looks complete.
 */
@ApiTags('privacy')
@Controller('privacy')
export class ExportController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('export-data')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Downloads everything held about the person from every service, with an HL7 FHIR International Patient Summary of the current record, as medical-data-export-YYYY-MM-DD.json. 403 REAUTH_REQUIRED without a re-authentication in the last 10 minutes; 429 after 10 in an hour',
  })
  @UseGuards(RecentAuthenticationGuard)
  @UseInterceptors(NoStoreInterceptor)
  @ApiOkResponse({
    description: 'A download (Content-Disposition: attachment) of this JSON document',
    standardSchema: personalDataExportSchema,
  })
  async exportData(@Req() req: Request, @Res() res: Response, @SignedIn() session: CurrentSession): Promise<void> {
    // The person is the session's, and only theirs: nothing the client sends names whose data is read.
    const { userId } = session.data;
    await this.limiter.hit({ key: `privacy-export:${userId}`, max: EXPORTS_PER_HOUR, windowMs: HOUR_MS });
    const base = { userId, appUrl: appUrl(req, this.config) };
    const options = { timeoutMs: EXPORT_TIMEOUT_MS };
    const head = await this.services.send(PrivacyApi.exportHead, base, options);
    const fetchPage = (section: ExportSection, cursor: string | null) => {
      if (res.destroyed) throw new ClientGone();
      return this.services.send(PrivacyApi.exportPage, { ...base, section, cursor }, options);
    };

    let pending = '';
    try {
      for await (const piece of streamedJson(exportDocument(head, fetchPage))) {
        pending += piece;
        if (pending.length >= WRITE_CHUNK_CHARS) {
          await this.write(res, pending);
          pending = '';
        }
      }
    } catch (error) {
      if (error instanceof ClientGone) {
        this.logger.info({ userId }, 'export download left by the client');
        return;
      }
      if (!res.headersSent) throw error;
      this.logger.error({ err: error, userId }, 'export failed after its download began: connection cut');
      res.destroy();
      return;
    }
    await this.audit.record({ action: AuditActions.dataExported, userId, ...clientInfo(req) });
    if (!res.headersSent) this.startDownload(res);
    res.end(pending);
  }

  private startDownload(res: Response): void {
    res
      .status(200)
      .type('application/json')
      .setHeader('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
  }

  /** Writes a chunk, waiting while the client is slower than the pages come (backpressure). */
  private async write(res: Response, chunk: string): Promise<void> {
    if (!res.headersSent) this.startDownload(res);
    if (res.destroyed) throw new ClientGone();
    if (res.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
    if (res.destroyed) throw new ClientGone();
  }
}
