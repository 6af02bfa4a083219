import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticateOptions } from 'passport';
import type { Request } from 'express';
import { type GoogleSignInRequest, localRedirectSchema } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { GoogleOAuthClient } from './google-oauth.client.js';
import type { GoogleSignInIntent } from './google-oauth-state.js';
import type { GoogleAuthenticateOptions } from './google.strategy.js';

/** How a Google sign-in request went, for the controller to answer (it never throws). */
export type GoogleOutcome =
  | { kind: 'unavailable' }
  | { kind: 'signed-in'; identity: GoogleSignInRequest; intent: GoogleSignInIntent }
  | { kind: 'refused'; error?: unknown; message?: string };

const CALLBACK_PATH = '/api/auth/google/callback';
/** passport types `state` as a string; passport-oauth2 hands an object to its state store, which is what we want. */
const options = (given: GoogleAuthenticateOptions) => given as unknown as AuthenticateOptions;
const isCallback = (req: Request) => req.path.endsWith('/callback');

/**
 * Runs the Google strategy for the start (off to Google) and the callback (the code exchanged, the person
 * identified), leaving the outcome on the request for the controller: a guard that lets every request through,
 * so each refusal becomes a redirect back to the sign-in dialog with its reason, never an error page.
 */
@Injectable()
export class GoogleSignInGuard extends AuthGuard('google') {
  constructor(
    private readonly google: GoogleOAuthClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: GoogleOutcome }>();
    if (!this.google.enabled) {
      req.user = { kind: 'unavailable' };
      return true;
    }
    // A callback with neither a code nor Google's error would otherwise start a new sign-in.
    if (isCallback(req) && typeof req.query.code !== 'string' && typeof req.query.error !== 'string') {
      req.user = { kind: 'refused' };
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  getAuthenticateOptions(context: ExecutionContext): AuthenticateOptions {
    const req = context.switchToHttp().getRequest<Request>();
    const callbackURL = `${appUrl(req, this.config)}${CALLBACK_PATH}`;
    if (isCallback(req)) return options({ session: false, callbackURL });
    const target = localRedirectSchema.safeParse(
      typeof req.query.redirect === 'string' && req.query.redirect ? req.query.redirect : '/',
    );
    const state = { redirect: target.success ? target.data : '/', reauth: req.query.reauth === '1' };
    return options({ session: false, callbackURL, state });
  }

  handleRequest<T = GoogleOutcome>(
    error: unknown,
    identity: GoogleSignInRequest | false,
    info: { state?: GoogleSignInIntent; message?: string } | undefined,
  ): T {
    if (error || !identity || !info?.state) return { kind: 'refused', error, message: info?.message } as T;
    return { kind: 'signed-in', identity, intent: info.state } as T;
  }
}
