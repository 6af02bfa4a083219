import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { clearCookie, readCookie, SESSION_COOKIE, writeCookie } from './cookies.js';
import { SessionStore, type SessionData } from './session.store.js';

export interface CurrentSession {
  id: string;
  data: SessionData;
}

/** The request's session: read once per request, started fresh at every sign-in (no fixation). */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async current(req: Request): Promise<CurrentSession | undefined> {
    const cached = (req as Request & { mqrSession?: CurrentSession | null }).mqrSession;
    if (cached !== undefined) return cached ?? undefined;
    const session = await this.store.read(readCookie(req, SESSION_COOKIE));
    (req as Request & { mqrSession?: CurrentSession | null }).mqrSession = session ?? null;
    return session;
  }

  /**
   * The session of a raw request (a WebSocket upgrade). A page of another site cannot borrow it:
   * a cross-origin upgrade gets no session.
   */
  async fromRawRequest(request: IncomingMessage): Promise<CurrentSession | undefined> {
    const origin = request.headers.origin;
    if (origin) {
      try {
        if (new URL(origin).host !== request.headers.host) return undefined;
      } catch {
        return undefined;
      }
    }
    return this.store.read(readCookie(request, SESSION_COOKIE));
  }

  /** The request's session, or 401 for a visitor who is not signed in. */
  async require(req: Request): Promise<CurrentSession> {
    const session = await this.current(req);
    if (!session) throw new AppError(ErrorCodes.UNAUTHORIZED, 'Please sign in first.');
    return session;
  }

  /** Ends any session the browser had and starts a new one for this user. */
  async signIn(req: Request, res: Response, userId: string, extra: Partial<SessionData> = {}): Promise<SessionData> {
    const previous = await this.current(req);
    if (previous) await this.store.destroy(previous.id, previous.data.userId);
    const { cookieValue, data } = await this.store.create({ userId, ...extra });
    writeCookie(req, res, SESSION_COOKIE, cookieValue, {
      maxAgeMs: this.store.maxAgeMs,
      secure: this.config.COOKIE_SECURE,
    });
    return data;
  }

  async update(session: CurrentSession): Promise<void> {
    await this.store.update(session.id, session.data);
  }

  async signOut(req: Request, res: Response): Promise<CurrentSession | undefined> {
    const session = await this.current(req);
    if (session) await this.store.destroy(session.id, session.data.userId);
    clearCookie(res, SESSION_COOKIE);
    return session;
  }

  signOutEverywhere(userId: string): Promise<void> {
    return this.store.destroyAllFor(userId);
  }
}
