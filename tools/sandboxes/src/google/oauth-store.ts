import { randomBytes } from 'node:crypto';
import type { GoogleIdentity } from './identity.js';

export const CODE_LIFETIME_MS = 60_000;
export const TOKEN_LIFETIME_S = 3599;

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce?: string;
  identity: GoogleIdentity;
  expiresAt: number;
}

export interface IssuedToken {
  clientId: string;
  scope: string;
  identity: GoogleIdentity;
  expiresAt: number;
}

/** Authorization codes (single use, 60 s) and access tokens (3599 s), in memory. */
export class OAuthStore {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(private readonly now: () => number = Date.now) {}

  issueCode(grant: Omit<IssuedCode, 'expiresAt'>): string {
    this.prune();
    // Shaped like Google's (`4/0A...`), slash included, so callers must URL-encode it as they must for Google.
    const code = `4/0A${randomBytes(30).toString('base64url')}`;
    this.codes.set(code, { ...grant, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** The grant behind a code that is known and fresh, without using it up. */
  peekCode(code: string): IssuedCode | undefined {
    const grant = this.codes.get(code);
    if (!grant) return undefined;
    if (grant.expiresAt <= this.now()) {
      this.codes.delete(code);
      return undefined;
    }
    return grant;
  }

  /** Uses a code up: it never works again. */
  consumeCode(code: string): void {
    this.codes.delete(code);
  }

  issueToken(grant: Omit<IssuedToken, 'expiresAt'>): string {
    this.prune();
    const token = `ya29.${randomBytes(48).toString('base64url')}`;
    this.tokens.set(token, { ...grant, expiresAt: this.now() + TOKEN_LIFETIME_S * 1000 });
    return token;
  }

  findToken(token: string): IssuedToken | undefined {
    const grant = this.tokens.get(token);
    if (!grant) return undefined;
    if (grant.expiresAt <= this.now()) {
      this.tokens.delete(token);
      return undefined;
    }
    return grant;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, grant] of this.codes) if (grant.expiresAt <= now) this.codes.delete(key);
    for (const [key, grant] of this.tokens) if (grant.expiresAt <= now) this.tokens.delete(key);
  }
}
