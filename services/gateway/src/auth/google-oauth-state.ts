import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { GatewayConfig } from '../config.js';
import { clearCookie, OAUTH_STATE_COOKIE, readCookie, writeCookie } from '../session/cookies.js';
import { GATEWAY_CONFIG, REDIS } from '../tokens.js';

const STATE_TTL_SECONDS = 600;
const COOKIE_PATH = '/api/auth/google';

/** What the browser asked for when it left for Google: where to come back to, and whether it is a re-authentication. */
const intentSchema = z.object({ redirect: z.string(), reauth: z.boolean() });
export type GoogleSignInIntent = z.infer<typeof intentSchema>;

/**
 * The OAuth `state` of a Google sign-in: random, kept in Redis for 10 minutes with the intent, and
 * bound to the browser that started it by a cookie scoped to /api/auth/google. A callback is
 * accepted only with the state this browser was given, once.
 */
@Injectable()
export class GoogleOAuthState {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Starts a sign-in: remembers the intent and answers the state to send to Google. */
  async begin(req: Request, res: Response, intent: GoogleSignInIntent): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(state), JSON.stringify(intent), 'EX', STATE_TTL_SECONDS);
    writeCookie(req, res, OAUTH_STATE_COOKIE, state, {
      maxAgeMs: STATE_TTL_SECONDS * 1000,
      path: COOKIE_PATH,
      secure: this.config.COOKIE_SECURE,
    });
    return state;
  }

  /** The intent of the sign-in this callback completes, or undefined when its state is not this browser's (or is spent). */
  async consume(req: Request, res: Response, returnedState: unknown): Promise<GoogleSignInIntent | undefined> {
    const cookieState = readCookie(req, OAUTH_STATE_COOKIE);
    clearCookie(res, OAUTH_STATE_COOKIE, COOKIE_PATH);
    if (typeof returnedState !== 'string' || !returnedState || returnedState !== cookieState) return undefined;
    const raw = await this.redis.getdel(this.key(returnedState));
    if (!raw) return undefined;
    const intent = intentSchema.safeParse(JSON.parse(raw));
    return intent.success ? intent.data : undefined;
  }

  private key(state: string) {
    return `${this.config.REDIS_PREFIX}:oauth-state:${state}`;
  }
}
