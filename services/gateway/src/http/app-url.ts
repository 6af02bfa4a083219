import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';

/** The site's own base URL for links we hand out: PUBLIC_BASE_URL, else the origin of this request (local runs only). */
export function appUrl(req: Request, config: GatewayConfig): string {
  return (config.PUBLIC_BASE_URL ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}

/** The app's own origin (`scheme://host[:port]`), or undefined when the request's Host cannot form one. */
export function appOrigin(req: Request, config: GatewayConfig): string | undefined {
  return originOf(appUrl(req, config));
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
