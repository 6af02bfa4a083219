import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { SESSION_HINT_COOKIE } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';

export const SESSION_COOKIE = 'mqr.sid';
export const OAUTH_STATE_COOKIE = 'mqr.oauth';

/** Reads one cookie from the request header (no cookie-parser needed for two names). */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * COOKIE_SECURE as the gateway applies it. `auto` follows the request: https itself, or X-Forwarded-Proto from a
 * trusted proxy hop (TRUST_PROXY_HOPS; from anyone else the header is ignored). In production, whose public address
 * is https, `auto` is always Secure: a TLS proxy whose hop was not declared must not leave the session cookie bare.
 */
export function cookieSecurity(
  config: Pick<GatewayConfig, 'COOKIE_SECURE' | 'NODE_ENV' | 'PUBLIC_BASE_URL'>,
): GatewayConfig['COOKIE_SECURE'] {
  const httpsInProduction = config.NODE_ENV === 'production' && config.PUBLIC_BASE_URL?.startsWith('https:');
  return config.COOKIE_SECURE === 'auto' && httpsInProduction ? 'true' : config.COOKIE_SECURE;
}

export function writeCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  options: { maxAgeMs: number; path?: string; secure: 'auto' | 'true' | 'false' },
) {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure === 'auto' ? req.secure : options.secure === 'true',
    path: options.path ?? '/',
    maxAge: options.maxAgeMs,
  });
}

export function clearCookie(res: Response, name: string, path = '/') {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', path });
}

/** The page-readable sign that this browser has a session ({@link SESSION_HINT_COOKIE}); no secret in it. */
export function writeSessionHint(
  req: Request,
  res: Response,
  options: { maxAgeMs: number; secure: 'auto' | 'true' | 'false' },
) {
  res.cookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: options.secure === 'auto' ? req.secure : options.secure === 'true',
    path: '/',
    maxAge: options.maxAgeMs,
  });
}

export function clearSessionHint(res: Response) {
  res.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'lax', path: '/' });
}
