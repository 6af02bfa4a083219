import type { Request } from 'express';

const API = /^\/api(\/|$)/;
const EMERGENCY_CARD = /^\/emergency\/[^/]+\/?$/;

/** Labels that stand for requests no API route took. */
export const UNMATCHED_ROUTE = 'unmatched';
export const STATIC_ROUTE = 'static';
export const CARD_PAGE_ROUTE = '/emergency/:token';

/**
 * The route template that answered a request (`/api/records/:id`), never its path: paths carry
 * emergency tokens and ids, which must not reach a metrics store, and each would make a series of
 * its own. Requests the web app's middleware served are `static` (or the card page's template);
 * whatever else no route took (an unknown API path, a body refused before routing) is `unmatched`.
 */
export function routeLabelOf(req: Request, path: string): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  // Nest answers unknown API paths from a `*path` catch-all route: a template too, but no route of ours.
  if (typeof route === 'string') return route.includes('*') ? UNMATCHED_ROUTE : `${req.baseUrl}${route}`;
  if (API.test(path)) return UNMATCHED_ROUTE;
  if (EMERGENCY_CARD.test(path)) return CARD_PAGE_ROUTE;
  if (req.method === 'GET' || req.method === 'HEAD') return STATIC_ROUTE;
  return UNMATCHED_ROUTE;
}
