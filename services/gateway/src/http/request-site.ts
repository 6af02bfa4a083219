import type { Request } from 'express';
import type { GatewayConfig } from '../config.js';
import { appOrigin, originOf } from './app-url.js';

/** `Sec-Fetch-Site` values a browser sends when the request did not start on another site. */
export type OwnFetchSite = 'same-origin' | 'same-site' | 'none';

/**
 * Whether a browser says this request started on another site: its `Origin` is not the app's own
 * origin, or (without `Origin`) its `Sec-Fetch-Site` is not one of `accepted`. A request with neither
 * header (curl, a server, an old browser's navigation) is not judged here. `Origin: null` is what a form posted from a
 * page with `Referrer-Policy: no-referrer` sends (the card's and a family alert's pages): such a request is judged by
 * its `Sec-Fetch-Site` alone, and refused without one.
 */
export function startedOnAnotherSite(req: Request, config: GatewayConfig, accepted: readonly OwnFetchSite[]): boolean {
  const origin = req.get('origin');
  if (origin === 'null') {
    const fetchSite = req.get('sec-fetch-site');
    return fetchSite === undefined || !(accepted as readonly string[]).includes(fetchSite);
  }
  if (origin !== undefined) {
    const own = appOrigin(req, config);
    return own === undefined || originOf(origin) !== own;
  }
  const fetchSite = req.get('sec-fetch-site');
  return fetchSite !== undefined && !(accepted as readonly string[]).includes(fetchSite);
}
