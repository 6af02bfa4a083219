import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuditActions, sessionTimeoutAuditBodySchema } from '@medical-qr/contracts';
import type { AuditTrail } from '@medical-qr/platform';
import { clientInfo } from '../http/client-info.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { CurrentSession } from '../session/session.service.js';
import { SessionGuard } from '../session/session.guard.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { AUDIT_TRAIL } from '../tokens.js';

const HOUR_MS = 60 * 60 * 1000;
/** The web reports at most one timeout per 15 minutes of inactivity and then signs out: four an hour is plenty. */
const TIMEOUTS_PER_USER_PER_HOUR = 4;
/** Many people behind one address (a hospital's Wi-Fi) still fit; a flood from many accounts does not. */
const TIMEOUTS_PER_ADDRESS_PER_HOUR = 60;

@ApiTags('audit')
@Controller('audit')
@UseGuards(SessionGuard)
export class AuditController {
  constructor(
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * The audit log is append-only and kept 6 years: only a signed-in person may add to it from here, and only a few
   * times an hour (per person and per address), so nobody can fill it with rows nobody may delete.
   */
  @Post('session-timeout')
  @HttpCode(204)
  @ApiOperation({ summary: 'The web reports an inactivity sign-out before it signs out (signed in; a few an hour)' })
  @ApiNoContentResponse({ description: 'Recorded' })
  @ApiTooManyRequestsResponse({ description: 'More timeouts than a person can have in an hour' })
  async sessionTimeout(
    @Body({ schema: sessionTimeoutAuditBodySchema }) _body: unknown,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const client = clientInfo(req);
    const { userId } = session.data;
    await this.limiter.hit({ key: `session-timeout:${userId}`, max: TIMEOUTS_PER_USER_PER_HOUR, windowMs: HOUR_MS });
    await this.limiter.hit({
      key: `session-timeout-address:${client.ip}`,
      max: TIMEOUTS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR_MS,
    });
    await this.audit.record({ action: AuditActions.sessionTimeout, userId, ...client });
  }
}
