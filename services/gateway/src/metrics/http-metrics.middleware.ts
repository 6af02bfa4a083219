import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, httpRequests } from '@medical-qr/platform';
import { routeLabelOf } from './http-route-label.js';

/**
 * Counts and times every HTTP request by method, route template and status. Registered first, so
 * static files and requests refused before routing count too; a request the client abandoned
 * before its response ended has the status `aborted`.
 */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const stopTimer = httpRequestDuration.startTimer();
    // Taken now: routers rewrite req.url while they handle the request.
    const { method, path } = req;
    res.once('close', () => {
      const route = routeLabelOf(req, path);
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      stopTimer({ method, route });
      httpRequests.inc({ method, route, status });
    });
    next();
  };
}
