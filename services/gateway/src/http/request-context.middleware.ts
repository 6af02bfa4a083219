import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import {
  CLIENT_REQUEST_ID_HEADER,
  CORRELATION_HEADER,
  plainRequestId,
  runWithRequestId,
  SpanKind,
  SpanStatusCode,
  startSpan,
  traceContext,
} from '@medical-qr/platform';

/** Path segments that look like secrets (emergency and email tokens) are shortened before logging. */
export function loggablePath(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{16,}$/.test(segment) ? `${segment.slice(0, 8)}…` : segment))
    .join('/');
}

/** Hashed files of the web app that loaded fine: a page load fetches several, so they only show at debug level. */
function isRoutineAsset(path: string, status: number): boolean {
  return path.startsWith('/assets/') && status < 400;
}

/**
 * Gives each request our own id, echoes it, keeps a plain X-Request-Id the client sent beside it (echoed as
 * X-Client-Request-Id; a client never chooses the id the audit log and our logs know the request by), runs the
 * rest of the request inside it so every log line and NATS call carries it, and logs the outcome
 * as one line a person can read as it is: method, path (never the query: it may carry emails or
 * codes), status and time, e.g. `GET /api/health 200 4 ms`. When tracing is on, the request is a span that starts
 * its trace (a public client's `traceparent` is not trusted), named by its route pattern, never its path: a card's
 * path holds its token.
 */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = randomUUID();
    const clientRequestId = plainRequestId(req.headers[CORRELATION_HEADER]);
    res.setHeader(CORRELATION_HEADER, requestId);
    if (clientRequestId) res.setHeader(CLIENT_REQUEST_ID_HEADER, clientRequestId);
    const started = performance.now();
    // Taken now: routers rewrite req.url while they handle the request.
    const { method } = req;
    const path = loggablePath(req.path);
    const { span, context: traced } = startSpan(method, SpanKind.SERVER, traceContext.active());
    span.setAttributes({ 'http.request.method': method, 'medical_qr.request_id': requestId });
    res.on('finish', () => {
      const status = res.statusCode;
      const route = (req.route as { path?: string } | undefined)?.path;
      if (route) span.updateName(`${method} ${route}`);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      const ms = Math.round(performance.now() - started);
      const level = isRoutineAsset(path, status) ? 'debug' : 'info';
      runWithRequestId(
        requestId,
        () => logger[level]({ method, path, status, ms }, `${method} ${path} ${status} ${ms} ms`),
        clientRequestId,
      );
    });
    traceContext.with(traced, () => runWithRequestId(requestId, next, clientRequestId));
  };
}
