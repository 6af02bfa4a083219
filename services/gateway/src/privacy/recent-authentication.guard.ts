import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes, REAUTH_WINDOW_MS } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { SessionService } from '../session/session.service.js';
import { rememberSignedIn } from '../session/signed-in.decorator.js';

export const REAUTH_REQUIRED_MESSAGE = 'Please confirm it is you before changing your privacy settings.';

/**
 * Destructive privacy actions and the export: signed in (401 otherwise) and re-authenticated within the last
 * REAUTH_WINDOW_MS (403 REAUTH_REQUIRED otherwise, which the web turns into the re-authentication dialog).
 */
@Injectable()
export class RecentAuthenticationGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const session = await this.sessions.current(req);
    if (!session) throw new AppError(ErrorCodes.UNAUTHORIZED, 'Please sign in first.');
    const { reauthAt } = session.data;
    if (!reauthAt || Date.now() - reauthAt >= REAUTH_WINDOW_MS) {
      throw new AppError(ErrorCodes.REAUTH_REQUIRED, REAUTH_REQUIRED_MESSAGE);
    }
    rememberSignedIn(req, session);
    return true;
  }
}
