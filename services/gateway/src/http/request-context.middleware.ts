import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { acceptOrCreateRequestId, CORRELATION_HEADER, runWithRequestId } from '@medical-qr/platform';

/** Path segments that look like secrets (emergency and email tokens) are shortened before logging. */
export function loggablePath(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{16,}$/.test(segment) ? `${segment.slice(0, 8)}…` : segment))
    .join('/');
}

/**
 * Gives each request an id (kept from X-Request-Id when plain, else new), echoes it, runs the
 * rest of the request inside it so every log line and NATS call carries it, and logs the outcome.
 */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = acceptOrCreateRequestId(req.headers[CORRELATION_HEADER]);
    res.setHeader(CORRELATION_HEADER, requestId);
    const started = performance.now();
    res.on('finish', () => {
      if (!req.path.startsWith('/api/')) return;
      runWithRequestId(requestId, () =>
        logger.info(
          {
            method: req.method,
            path: loggablePath(req.path),
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        ),
      );
    });
    runWithRequestId(requestId, next);
  };
}
