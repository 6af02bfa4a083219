import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { GoogleSignInRequest } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const tokenResponseSchema = z.object({ access_token: z.string().min(1) });
const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/**
 * The OAuth 2.0 authorization-code flow against Google (or its local stand-in, by URL): the
 * consent URL, then code → access token → userinfo. The `state` lives in GoogleOAuthState beside it.
 */
@Injectable()
export class GoogleOAuthClient {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  authorizationUrl(options: { redirectUri: string; state: string; reauth: boolean }): string {
    const url = new URL(this.config.GOOGLE_AUTH_URL);
    url.searchParams.set('client_id', this.config.GOOGLE_CLIENT_ID!);
    url.searchParams.set('redirect_uri', options.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('state', options.state);
    // Re-authentication must see the person sign in again, not reuse Google's own session.
    url.searchParams.set('prompt', options.reauth ? 'login' : 'select_account');
    if (options.reauth) url.searchParams.set('max_age', '0');
    return url.toString();
  }

  async identify(code: string, redirectUri: string): Promise<GoogleSignInRequest> {
    const tokenResponse = await this.call(this.config.GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.config.GOOGLE_CLIENT_ID!,
        client_secret: this.config.GOOGLE_CLIENT_SECRET!,
      }),
    });
    const { access_token } = tokenResponseSchema.parse(tokenResponse);
    const info = userInfoSchema.parse(
      await this.call(this.config.GOOGLE_USERINFO_URL, { headers: { authorization: `Bearer ${access_token}` } }),
    );
    return {
      sub: info.sub,
      email: info.email.toLowerCase(),
      emailVerified: info.email_verified,
      givenName: info.given_name?.slice(0, 100),
      familyName: info.family_name?.slice(0, 100),
    };
  }

  private async call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw AppError.unavailable('Google did not answer. Please try again.');
    }
    if (!response.ok) throw new AppError('UNAUTHORIZED', 'Google did not confirm the sign-in. Please try again.');
    return response.json();
  }
}
