import type { NextFunction, Request, Response } from 'express';
import { isServedAppPath } from '@medical-qr/contracts';
import { indexStaticFiles, loadPage, sendPage, sendStaticFile } from './static-files.js';

const API_OR_SOCKET = /^\/(api|ws)(\/|$)/;
/** Hashed file names change with their content, so browsers may keep them for good. */
const HASHED_ASSETS = /^\/assets\//;

function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** A page the server renders for its paths (the card at `/emergency/{token}`, card-page/); this layer only routes. */
export interface ServerPage {
  /** False when the web app is not built. */
  readonly ready: boolean;
  /** The paths it renders. */
  readonly paths: RegExp;
  handle(req: Request, res: Response): Promise<void>;
}

function notFound(res: Response): void {
  res.removeHeader('Content-Encoding');
  res.status(404).setHeader('Cache-Control', 'no-cache');
  res.type('text/plain').send('Not found');
}

/**
 * Serves the built web app, compressed (brotli or gzip, precompressed by the build) for clients that accept it:
 * hashed assets cached for a year; other files for five minutes; `/emergency/{token}` to the card page, which the
 * server renders with the card in it (and the other pages the server renders: a family alert's); and index.html (never cached) for every other GET outside /api and /ws, so
 * client-side routes survive a reload. Without a build, answers a plain page saying how to make one.
 */
export function spaMiddleware(distDir: string, serverPages: readonly ServerPage[] = []) {
  const files = indexStaticFiles(distDir);
  const appPage = loadPage(distDir, 'index.html');
  return (req: Request, res: Response, next: NextFunction) => {
    if (API_OR_SOCKET.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const serverPage = serverPages.find((page) => page.ready && page.paths.test(req.path));
    if (serverPage) return void serverPage.handle(req, res).catch(next);
    const path = decodedPath(req.path);
    const file = path === undefined ? undefined : files.get(path);
    if (file) {
      res.setHeader(
        'Cache-Control',
        HASHED_ASSETS.test(req.path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      return sendStaticFile(req, res, file, () => notFound(res));
    }
    // A missing script or stylesheet must not come back as the app's HTML; a source map is never served.
    if (HASHED_ASSETS.test(req.path) || req.path.endsWith('.map')) return notFound(res);
    res.setHeader('Cache-Control', 'no-cache');
    if (!appPage) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
      return;
    }
    // A path no screen serves is the not-found page, with the status saying so (crawlers, link checkers).
    if (path === undefined || !isServedAppPath(path)) res.status(404);
    sendPage(req, res, appPage);
  };
}
