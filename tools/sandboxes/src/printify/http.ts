import { timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { SandboxLogger } from '../provider-descriptor.js';
import { fromZod, notFound, PrintifyError, UNAUTHENTICATED, validationFailed } from './errors.js';

/** Where Printify's API lives on the shared server; everything else is left to the other stand-ins (Stripe's `/v1`). */
export const API_PATHS = ['/v1/catalog', '/v1/uploads', '/v1/uploads.json', '/v1/shops', '/v1/shops.json'];

/** One API call as a handler sees it. */
export interface ApiCall {
  body: unknown;
  query: Record<string, string | undefined>;
  path: Record<string, string>;
  /** The stand-in as the caller reached it, for absolute image URLs. */
  base: string;
}

export type Handler = (call: ApiCall) => object;

/** Base64 uploads of up to 5 MB, plus room for the rest of the JSON. */
export const jsonBody = express.json({ limit: '8mb' });

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every call needs `Authorization: Bearer <token>`, as Printify's personal access tokens. */
export function bearerAuth(token: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (bearer && sameToken(bearer[1]!, token)) return next();
    res.status(401).json(UNAUTHENTICATED);
  };
}

/** The stand-in's address as the caller reached it, from a Host header that looks like one. */
export function baseOf(req: Request): string {
  const host = req.get('host') ?? '';
  if (/^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/.test(host)) return `${req.protocol}://${host}`;
  const local = req.socket.localAddress ?? '127.0.0.1';
  return `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort}`;
}

function queryOf(req: Request): Record<string, string | undefined> {
  const query = req.query as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]),
  );
}

/** An endpoint: the handler's object as JSON, a PrintifyError as its status and body, anything else a logged 500. */
export function endpoint(logger: SandboxLogger, handler: Handler) {
  return (req: Request, res: Response) => {
    try {
      const path = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)]));
      res.json(handler({ body: req.body, query: queryOf(req), path, base: baseOf(req) }));
    } catch (error) {
      sendError(res, error, logger);
    }
  };
}

function sendError(res: Response, error: unknown, logger: SandboxLogger): void {
  if (error instanceof PrintifyError) {
    res.status(error.status).json(error.body);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ err: { message } }, `Printify stand-in failed: ${message}`);
  res.status(500).json({ status: 'error', code: 9999, message: 'Internal server error.' });
}

/** A body checked against its schema; the first field at fault is named in the 400. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed('body', 'a JSON object is required (Content-Type: application/json)');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** A path id that must be a whole number (`/blueprints/{id}.json`); anything else names nothing that exists. */
export function numericId(value: string | undefined, what: string): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound(what);
  return Number(value);
}

/** Printify's paths under its prefixes that nothing answers. */
export function unknownPath(req: Request, res: Response): void {
  res.status(404).json(notFound(`${req.method} ${req.originalUrl.split('?')[0]}`).body);
}

/** Errors before a handler runs: bad JSON, a body over the limit. Never a 500 for what the caller sent. */
export function bodyErrors(logger: SandboxLogger) {
  return (error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === 'entity.too.large') {
      return sendError(res, new PrintifyError(413, tooLarge()), logger);
    }
    if (error.status && error.status >= 400 && error.status < 500) {
      return sendError(res, validationFailed('body', `not valid JSON (${error.message})`), logger);
    }
    sendError(res, error, logger);
  };
}

function tooLarge() {
  return {
    status: 'error',
    code: 8150,
    message: 'Validation failed.',
    errors: { reason: 'body: too large', code: 8150 },
  };
}

/** Printify's timestamps: "2019-07-25 13:52:17+00:00". */
export function printifyTime(date = new Date()): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

/** Laravel's paginator, as Printify answers lists. */
export function page<T>(all: T[], query: Record<string, string | undefined>, maxLimit = 100) {
  const number = (name: string, fallback: number, max: number) => {
    const value = query[name] ?? String(fallback);
    if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
      throw validationFailed(name, `must be a whole number from 1 to ${max}`);
    }
    return Number(value);
  };
  const [current, perPage] = [number('page', 1, 100_000), number('limit', 10, maxLimit)];
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  const data = all.slice((current - 1) * perPage, current * perPage);
  const from = data.length ? (current - 1) * perPage + 1 : null;
  return {
    current_page: current,
    data,
    first_page_url: '/?page=1',
    from,
    last_page: lastPage,
    last_page_url: `/?page=${lastPage}`,
    next_page_url: current < lastPage ? `/?page=${current + 1}` : null,
    path: '/',
    per_page: perPage,
    prev_page_url: current > 1 ? `/?page=${current - 1}` : null,
    to: from === null ? null : from + data.length - 1,
    total: all.length,
  };
}
