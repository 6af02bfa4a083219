import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { GoogleSignInRequest } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/**
 * Google (or its local stand-in, by URL) beyond what passport does (GoogleStrategy sends the person to Google and
 * exchanges the code): whether it is configured, and who an access token belongs to.
 */
@Injectable()
export class GoogleOAuthClient {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  /** Who the access token speaks for: Google's userinfo, as identity takes it. */
  async userInfo(accessToken: string): Promise<GoogleSignInRequest> {
    const info = userInfoSchema.parse(
      await this.call(this.config.GOOGLE_USERINFO_URL, { headers: { authorization: `Bearer ${accessToken}` } }),
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
