import type { Response } from 'express';

/**
 * Headers on everything that shows a card: a shared or back-button cache must never keep
 * medical data, the card URL (which holds the token) must not leak through Referer to the
 * pages a responder taps through to, and search engines must not index it.
 */
export function setCardHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
}
