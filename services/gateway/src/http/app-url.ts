import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';

/** The site's own base URL for links we hand out: PUBLIC_BASE_URL, else the origin of this request (local runs only). */
export function appUrl(req: Request, config: GatewayConfig): string {
  return (config.PUBLIC_BASE_URL ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
}
