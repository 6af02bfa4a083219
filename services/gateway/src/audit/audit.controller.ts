import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuditActions, sessionTimeoutAuditBodySchema } from '@medical-qr/contracts';
import type { AuditTrail } from '@medical-qr/platform';
import { clientInfo } from '../http/client-info.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL } from '../tokens.js';

@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly sessions: SessionService,
  ) {}

  @Post('session-timeout')
  @HttpCode(204)
  @ApiOperation({ summary: 'The web reports an inactivity sign-out before it signs out' })
  @ApiNoContentResponse({ description: 'Recorded' })
  async sessionTimeout(@Body({ schema: sessionTimeoutAuditBodySchema }) _body: unknown, @Req() req: Request) {
    const session = await this.sessions.current(req);
    await this.audit.record({
      action: AuditActions.sessionTimeout,
      userId: session?.data.userId ?? null,
      ...clientInfo(req),
    });
  }
}
