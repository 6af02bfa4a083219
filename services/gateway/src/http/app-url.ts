import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';

/**
 * The site's own base URL for links we hand out (mails, QR codes, Google's callback): PUBLIC_BASE_URL, else (local
 * runs only: production requires it) `http://localhost:PORT`. Never the request's Host header, which anyone can
 * forge to put their own domain in a password-reset mail. The request stays a parameter for the callers' sake.
 */
export function appUrl(_req: Request, config: Pick<GatewayConfig, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/**
 * The app's own origin (`scheme://host[:port]`), which a same-origin request's `Origin` must equal: PUBLIC_BASE_URL's,
 * else (local runs) the origin this request came to, so a page served through a development proxy still counts as
 * the app. Undefined when the request's Host cannot form one.
 */
export function appOrigin(req: Request, config: GatewayConfig): string | undefined {
  return originOf(config.PUBLIC_BASE_URL ?? `${req.protocol}://${req.get('host')}`);
}

/** The serialized origin of a URL, as browsers send it in `Origin`; undefined for anything else. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
