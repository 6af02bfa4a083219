import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { SessionService } from './session.service.js';
import { rememberSignedIn } from './signed-in.decorator.js';

/** Lets signed-in requests through (the handler reads the session with `@SignedIn()`); visitors get 401. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const session = await this.sessions.current(req);
    if (!session) throw new AppError(ErrorCodes.UNAUTHORIZED, 'Please sign in first.');
    rememberSignedIn(req, session);
    return true;
  }
}
