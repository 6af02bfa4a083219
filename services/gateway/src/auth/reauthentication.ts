import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditActions, REAUTH_WINDOW_MS, type ReauthResponse } from '@medical-qr/contracts';
import type { AuditTrail } from '@medical-qr/platform';
import { clientInfo } from '../http/client-info.js';
import { type CurrentSession, SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL } from '../tokens.js';

/** Opens the 10-minute window for destructive privacy actions, after a password or Google confirmed the person. */
@Injectable()
export class Reauthentication {
  constructor(
    private readonly sessions: SessionService,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async confirm(session: CurrentSession, req: Request, method: 'password' | 'google'): Promise<ReauthResponse> {
    session.data.reauthAt = Date.now();
    await this.sessions.update(session);
    await this.audit.record({
      action: AuditActions.reauthSucceeded,
      userId: session.data.userId,
      ...clientInfo(req),
      details: { method },
    });
    return { verified: true, reauthenticatedUntil: new Date(session.data.reauthAt + REAUTH_WINDOW_MS).toISOString() };
  }
}
