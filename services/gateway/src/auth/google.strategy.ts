import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy as OAuth2Strategy, type StateStore } from 'passport-oauth2';
import type { GoogleSignInRequest } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { GoogleOAuthClient } from './google-oauth.client.js';
import { GoogleOAuthState } from './google-oauth-state.js';
import { GoogleStateStore } from './google-state.store.js';

/** The options a Google sign-in is started with, beyond passport's own. */
export interface GoogleAuthenticateOptions {
  session: false;
  callbackURL: string;
  state?: { redirect: string; reauth: boolean };
}

/**
 * Google sign-in as a passport strategy (OAuth 2.0 authorization code, against Google or its local stand-in by
 * URL): passport sends the person to Google with our state and brings back the code; `validate` reads who it is.
 * Without `session: false` nothing of passport's own session is used: the gateway signs the person in itself.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(OAuth2Strategy, 'google') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    states: GoogleOAuthState,
    private readonly google: GoogleOAuthClient,
  ) {
    super({
      authorizationURL: config.GOOGLE_AUTH_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      // Unset when Google is not configured; the guard then never hands a request to the strategy.
      clientID: config.GOOGLE_CLIENT_ID ?? 'not-configured',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? 'not-configured',
      scope: ['openid', 'email', 'profile'],
      // The typings know only the two- and three-argument stores; passport-oauth2 calls ours with the intent too.
      store: new GoogleStateStore(states) as unknown as StateStore,
      skipUserProfile: true,
    });
  }

  /** Re-authentication must see the person sign in again, not reuse Google's own session. */
  authorizationParams(options: GoogleAuthenticateOptions): Record<string, string> {
    return options.state?.reauth ? { prompt: 'login', max_age: '0' } : { prompt: 'select_account' };
  }

  validate(accessToken: string): Promise<GoogleSignInRequest> {
    return this.google.userInfo(accessToken);
  }
}
