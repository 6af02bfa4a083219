import express, { type NextFunction, type Request, type Response } from 'express';
import type { SandboxLogger } from '../provider-descriptor.js';
import { invalidApiKey, invalidRequest, publishableKeyNotAllowed, StripeApiError } from './errors.js';
import type { EventCause } from './events.js';
import { FormError, parseForm, type FormObject } from './form.js';
import { fingerprintOf, type IdempotencyStore } from './idempotency.js';
import { newId, unixNow } from './ids.js';
import { API_VERSION } from './events.js';

/** Who is calling: the secret key (the product's server) or the publishable key (a browser, as Stripe.js). */
export interface Caller {
  kind: 'secret' | 'publishable';
  key: string;
}

/** One API call as a handler sees it. */
export interface ApiCall {
  /** The query for GET and DELETE, the form body for POST. */
  params: FormObject;
  path: Record<string, string>;
  caller: Caller;
  /** The request, for the events it causes (`event.request`). */
  cause: EventCause;
  /** The stand-in as this caller reached it (for pages a browser is sent to). */
  base: string;
}

export type Access = 'secret' | 'browser';

export interface HttpSettings {
  publishableKey: string;
  idempotency: IdempotencyStore;
  /** Told the address each call reached the stand-in at, for pages sent when no one is calling (renewals). */
  sawCaller(base: string, caller: Caller): void;
  logger: SandboxLogger;
}

/** A secret test key, as Stripe's mock server accepts any. */
const SECRET_KEY = /^sk_test_[A-Za-z0-9_]{1,247}$/;

/** The key from `Authorization: Bearer` (what the SDK sends), HTTP Basic (curl -u sk_test_...:), or Stripe.js's `key`. */
function presentedKey(req: Request, params: FormObject): string | undefined {
  const header = req.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] || undefined;
  return typeof params.key === 'string' ? params.key : undefined;
}

function authenticate(req: Request, params: FormObject, access: Access, settings: HttpSettings): Caller {
  const key = presentedKey(req, params);
  if (key && SECRET_KEY.test(key)) return { kind: 'secret', key };
  if (key && key === settings.publishableKey) {
    if (access !== 'browser') throw publishableKeyNotAllowed();
    return { kind: 'publishable', key };
  }
  throw invalidApiKey(key);
}

/** The stand-in's address as the caller reached it, from a Host header that looks like one. */
function baseOf(req: Request): string {
  const host = req.get('host') ?? '';
  if (/^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/.test(host)) return `${req.protocol}://${host}`;
  const local = req.socket.localAddress ?? '127.0.0.1';
  return `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort}`;
}

function send(res: Response, status: number, body: string): void {
  res.status(status).type('application/json').send(body);
}

/** Stripe answers pretty-printed JSON. */
const json = (value: unknown) => JSON.stringify(value, null, 2);

function errorBody(error: StripeApiError, requestId: string): string {
  return json({
    error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${unixNow()}` },
  });
}

/** What every `/v1` reply carries: a request id, the API version, and open CORS (Stripe.js calls from any origin). */
export function apiHeaders(req: Request, res: Response, next: NextFunction): void {
  const requestId = newId('req');
  res.locals.requestId = requestId;
  res.set({
    'Request-Id': requestId,
    'Stripe-Version': req.get('stripe-version') ?? API_VERSION,
    'Cache-Control': 'no-cache, no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers':
      'Request-Id, Stripe-Manage-Version, Stripe-Should-Retry, Idempotent-Replayed, Original-Request',
  });
  next();
}

/** Browsers ask before a form POST with Authorization; the answer lets every origin call. */
export function preflight(_req: Request, res: Response): void {
  res
    .status(204)
    .set({
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Stripe-Version, Idempotency-Key',
      'Access-Control-Max-Age': '600',
    })
    .end();
}

/** Form bodies are read as text and parsed with the same parser as queries. */
export const formBody = express.text({ type: 'application/x-www-form-urlencoded', limit: '256kb' });

export type Handler = (call: ApiCall) => object;

/**
 * An API endpoint: parameters parsed, the caller authenticated, an `Idempotency-Key` honoured on POST, the reply
 * sent as Stripe sends it, and errors as Stripe's `{ error: {...} }`.
 */
export function endpoint(settings: HttpSettings, access: Access, handler: Handler) {
  return (req: Request, res: Response) => {
    const requestId = String(res.locals.requestId);
    const idempotencyHeader = req.method === 'POST' ? req.get('idempotency-key') : undefined;
    const idempotencyKey = idempotencyHeader?.trim() || null;
    const endpointName = `${req.method} ${req.baseUrl}${req.route?.path ?? req.path}`;
    let caller: Caller | undefined;
    let fingerprint = '';
    try {
      const params = paramsOf(req);
      caller = authenticate(req, params, access, settings);
      settings.sawCaller(baseOf(req), caller);
      if (idempotencyKey) {
        if (idempotencyKey.length > 255) {
          throw invalidRequest('Idempotency-Key must be at most 255 characters long.', 'Idempotency-Key');
        }
        fingerprint = fingerprintOf({ params: withoutKey(params), path: req.path });
        const stored = settings.idempotency.find(caller.key, idempotencyKey, endpointName, fingerprint);
        if (stored) {
          res.set({
            'Idempotent-Replayed': 'true',
            'Original-Request': stored.requestId,
            'Idempotency-Key': idempotencyKey,
          });
          return send(res, stored.status, stored.body);
        }
        res.set('Idempotency-Key', idempotencyKey);
      }
      const body = json(
        handler({
          params,
          path: Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)])),
          caller,
          cause: { requestId, idempotencyKey },
          base: baseOf(req),
        }),
      );
      if (idempotencyKey) {
        settings.idempotency.save(caller.key, idempotencyKey, {
          endpoint: endpointName,
          fingerprint,
          status: 200,
          body,
          requestId,
        });
      }
      send(res, 200, body);
    } catch (error) {
      const problem = asStripeError(error, settings.logger);
      const body = errorBody(problem, requestId);
      // A request that ran and failed on the card is kept like a success: retrying it gives the same decline.
      if (idempotencyKey && caller && problem.status === 402) {
        settings.idempotency.save(caller.key, idempotencyKey, {
          endpoint: endpointName,
          fingerprint,
          status: 402,
          body,
          requestId,
        });
      }
      send(res, problem.status, body);
    }
  };
}

/** Any failure as Stripe's error object; a fault of the stand-in itself is a logged 500 `api_error`. */
function asStripeError(error: unknown, logger: SandboxLogger): StripeApiError {
  if (error instanceof StripeApiError) return error;
  if (error instanceof FormError) return invalidRequest(`Invalid request: ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ err: { message } }, `Stripe stand-in failed: ${message}`);
  return new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' });
}

/** Errors before a handler runs (a body too large, say), as Stripe's error object. */
export function apiErrors(logger: SandboxLogger) {
  return (error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const requestId = String(res.locals.requestId ?? newId('req'));
    const problem =
      error.status && error.status >= 400 && error.status < 500
        ? invalidRequest(`Invalid request: ${error.message}`)
        : asStripeError(error, logger);
    send(res, problem.status, errorBody(problem, requestId));
  };
}

function paramsOf(req: Request): FormObject {
  if (req.method === 'POST') return typeof req.body === 'string' ? parseForm(req.body) : {};
  const query = req.originalUrl.indexOf('?');
  return query < 0 ? {} : parseForm(req.originalUrl.slice(query + 1));
}

/** Stripe.js sends its key as a parameter; it is who calls, not what is asked. */
function withoutKey(params: FormObject): FormObject {
  const { key: _key, ...rest } = params;
  return rest;
}

/** `GET /v1/nothing-here`: Stripe's answer for a path it does not have. */
export function unknownUrl(req: Request, res: Response): void {
  const requestId = String(res.locals.requestId ?? newId('req'));
  const path = req.originalUrl.split('?')[0];
  send(
    res,
    404,
    errorBody(
      invalidRequest(
        `Unrecognized request URL (${req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ),
      requestId,
    ),
  );
}
