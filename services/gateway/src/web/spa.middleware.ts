import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const API_OR_SOCKET = /^\/(api|ws)(\/|$)/;

/**
 * Serves the built web app: hashed assets with a long cache, and index.html (never cached) for
 * every other GET outside /api and /ws, so client-side routes survive a reload. Without a build,
 * answers a plain page saying how to make one.
 */
export function spaMiddleware(distDir: string) {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const assets = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (API_OR_SOCKET.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    assets(req, res, () => {
      res.setHeader('Cache-Control', 'no-cache');
      if (!indexHtml) {
        res.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
        return;
      }
      res.type('html').send(indexHtml);
    });
  };
}
