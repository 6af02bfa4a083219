import type { Request, Response } from 'express';
import {
  DEFAULT_LANGUAGE,
  isResponderLanguage,
  LANGUAGE_TAGS,
  negotiateLanguage,
  type ResponderLanguage,
} from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { readCookie, writeCookie } from '../session/cookies.js';

/** Where a responder's choice of language is kept: for the card pages only, a year. */
export const CARD_LANGUAGE_COOKIE = 'card_lang';
const REMEMBERED_FOR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The language the card page speaks: `?lang=` (the switcher's links), remembered so the next card this responder opens
 * speaks it too; else the one remembered; else the browser's `Accept-Language`; else English. A `lang` or a cookie
 * naming no responder language is passed over, never an error. The answer declares its language and that it depends
 * on those headers (`no-store` keeps it out of caches all the same).
 */
export function cardLanguage(
  req: Request,
  res: Response,
  config: Pick<GatewayConfig, 'COOKIE_SECURE'>,
): ResponderLanguage {
  const asked = req.query.lang;
  const remembered = readCookie(req, CARD_LANGUAGE_COOKIE);
  if (isResponderLanguage(asked)) {
    writeCookie(req, res, CARD_LANGUAGE_COOKIE, asked, {
      maxAgeMs: REMEMBERED_FOR_MS,
      path: '/emergency',
      secure: config.COOKIE_SECURE,
    });
  }
  const language = isResponderLanguage(asked)
    ? asked
    : isResponderLanguage(remembered)
      ? remembered
      : (negotiateLanguage(req.headers['accept-language']) ?? DEFAULT_LANGUAGE);
  res.vary('Accept-Language');
  res.vary('Cookie');
  res.setHeader('Content-Language', LANGUAGE_TAGS[language]);
  return language;
}
