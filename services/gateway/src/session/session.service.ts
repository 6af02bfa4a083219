import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { clearCookie, clearSessionHint, readCookie, SESSION_COOKIE, writeCookie, writeSessionHint } from './cookies.js';
import { SessionStore, type SessionData } from './session.store.js';

export interface CurrentSession {
  id: string;
  data: SessionData;
}

type RequestWithSession = Request & { mqrSession?: CurrentSession | null };

/** What a new session starts with: who, how they signed in, and when Google last vouched for them. */
export type SessionStart = Pick<SessionData, 'userId' | 'googleAuthAt'> & Required<Pick<SessionData, 'authMethod'>>;

/** The request's session: read once per request, started fresh at every sign-in (no fixation). */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async current(req: Request): Promise<CurrentSession | undefined> {
    const cached = (req as RequestWithSession).mqrSession;
    if (cached !== undefined) return cached ?? undefined;
    const session = await this.store.read(readCookie(req, SESSION_COOKIE));
    this.cache(req, session ?? null);
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

  /** Ends any session the browser had and starts a new one for this user, remembering how they signed in. */
  async signIn(req: Request, res: Response, start: SessionStart): Promise<SessionData> {
    const previous = await this.current(req);
    if (previous) await this.store.destroy(previous.id, previous.data.userId);
    const { cookieValue, data } = await this.store.create(start);
    const lifetime = { maxAgeMs: this.store.maxAgeMs, secure: this.config.COOKIE_SECURE };
    writeCookie(req, res, SESSION_COOKIE, cookieValue, lifetime);
    writeSessionHint(req, res, lifetime);
    return data;
  }

  async update(session: CurrentSession): Promise<void> {
    await this.store.update(session.id, session.data);
  }

  async signOut(req: Request, res: Response): Promise<CurrentSession | undefined> {
    const session = await this.current(req);
    if (session) await this.store.destroy(session.id, session.data.userId);
    clearCookie(res, SESSION_COOKIE);
    clearSessionHint(res);
    this.cache(req, null);
    return session;
  }

  signOutEverywhere(userId: string): Promise<void> {
    return this.store.destroyAllFor(userId);
  }

  private cache(req: Request, session: CurrentSession | null) {
    (req as RequestWithSession).mqrSession = session;
  }
}
