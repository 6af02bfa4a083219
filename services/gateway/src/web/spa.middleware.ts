import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setCardHeaders } from '../records/card-headers.js';

const API_OR_SOCKET = /^\/(api|ws)(\/|$)/;
const EMERGENCY_CARD = /^\/emergency\/[^/]+\/?$/;

function readPage(distDir: string, file: string): string | undefined {
  const path = join(distDir, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/**
 * Serves the built web app: hashed assets with a long cache; `/emergency/{token}` as the light
 * card page (its own entry, a few kilobytes, never cached); and index.html (never cached) for every
 * other GET outside /api and /ws, so client-side routes survive a reload. Without a build, answers
 * a plain page saying how to make one.
 */
export function spaMiddleware(distDir: string) {
  const indexHtml = readPage(distDir, 'index.html');
  const cardHtml = readPage(distDir, 'emergency.html');
  const assets = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders(res, path) {
      res.setHeader(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (API_OR_SOCKET.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (EMERGENCY_CARD.test(req.path) && cardHtml) {
      setCardHeaders(res);
      res.type('html').send(cardHtml);
      return;
    }
    assets(req, res, () => {
      res.setHeader('Cache-Control', 'no-cache');
      if (!indexHtml) {
        res
          .status(503)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
        return;
      }
      res.type('html').send(indexHtml);
    });
  };
}
