import { ErrorCodes, type ErrorIssue } from '@medical-qr/contracts';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { sessionExpiredHref } from './paths';
import { hasUnsavedWork } from './unsaved-work';

/** One call to the gateway. A bare string is a GET of that path. */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. Leave undefined for no body. */
  body?: unknown;
  params?: Record<string, string | number | boolean | null | undefined>;
  /**
   * What a 401 does. `error` (default): an error, and outside the auth endpoints the session-expired
   * redirect. `null`: `data: null` instead (for "who is signed in" style queries). `caller`: an
   * error without the redirect, for a screen that tells the user itself and decides where to go.
   */
  on401?: 'error' | 'null' | 'caller';
  /** How to read a successful body; JSON (or null when empty) by default. */
  responseType?: 'json' | 'text' | 'blob';
  /** The version an edit was made from: sent as `If-Match`, so a save over a newer version is refused (409). */
  ifMatchVersion?: number;
}

export type ApiArgs = string | ApiRequest;

/** What every failed call rejects with (the `error` of an RTK Query result). */
export interface ApiError {
  /**
   * HTTP status, FETCH_ERROR when the gateway could not be reached at all, or ABORTED when the call was cancelled
   * (RTK Query cancels a query nobody shows any more; no screen sees that result).
   */
  status: number | 'FETCH_ERROR' | 'ABORTED';
  /** The body's `code` if it has one, else derived from the status (404, 400, 401), else absent. */
  code?: string;
  message: string;
  /** Set by the gateway on 500s; the same id is in the server log. */
  errorId?: string;
  /** With a 400: what is wrong where (`{ path, message }`), for a form to show under each field. */
  issues?: ErrorIssue[];
  /** The whole parsed error body, for callers that need extra fields. */
  body?: Record<string, unknown>;
}

/** Narrows an RTK Query `error` (ours, or a SerializedError from a thrown exception) to an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    'message' in error &&
    typeof (error as ApiError).message === 'string'
  );
}

/** The auth endpoints whose 401 means "wrong credentials / nobody signed in", not "session expired". */
export const AUTH_ENDPOINTS: readonly string[] = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/google',
  '/api/auth/user',
];

const CODE_BY_STATUS: Partial<Record<number, string>> = {
  400: ErrorCodes.VALIDATION_ERROR,
  401: ErrorCodes.UNAUTHORIZED,
  404: ErrorCodes.EMAIL_NOT_FOUND,
};

// HTTP/2 responses carry no status text; these keep "HTTP {status}: {statusText}" readable.
const REASON_PHRASES: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns a non-OK response into an {@link ApiError} (SPEC section 8, "Generic responses"): the body
 * is parsed as JSON, falling back to `{ message: rawText }`; 404/400/401 get EMAIL_NOT_FOUND,
 * VALIDATION_ERROR and UNAUTHORIZED unless the body carries its own code; the message is the
 * body's message or "HTTP {status}: {statusText}".
 */
export function normalizeApiError(status: number, statusText: string, rawBody: string): ApiError {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    body = isObject(parsed) ? parsed : { message: rawBody };
  } catch {
    body = { message: rawBody };
  }

  const bodyCode = typeof body.code === 'string' && body.code !== '' ? body.code : undefined;
  const code = bodyCode ?? CODE_BY_STATUS[status];
  const message = messageOf(body.message) ?? `HTTP ${status}: ${statusText || REASON_PHRASES[status] || 'Error'}`;
  const errorId = typeof body.errorId === 'string' ? body.errorId : undefined;
  const issues = Array.isArray(body.issues) ? body.issues.filter(isIssue) : undefined;

  const error: ApiError = { status, message, body };
  if (code !== undefined) error.code = code;
  if (errorId !== undefined) error.errorId = errorId;
  if (issues?.length) error.issues = issues;
  return error;
}

function isIssue(value: unknown): value is ErrorIssue {
  return isObject(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  // Validation pipes may send a list of messages.
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    return value.join('; ');
  }
  return undefined;
}

/** The path of a URL without origin, query, hash or trailing slash. */
function pathnameOf(url: string): string {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A 401 anywhere except the auth endpoints means the session is gone (SPEC section 4, "Session expiry"). */
export function isSessionExpiry(url: string, status: number | 'FETCH_ERROR'): boolean {
  return status === 401 && !AUTH_ENDPOINTS.includes(pathnameOf(url));
}

/**
 * Sends the browser home with `timeout=inactivity`, unless it is already there (no reload loop), or a form on the page
 * holds unsaved changes (its save asks for a sign-in over the page instead; a reload would lose them).
 */
export function redirectToSessionExpired(
  location: Pick<Location, 'pathname' | 'search' | 'assign'> = window.location,
): void {
  if (hasUnsavedWork()) return;
  if (location.pathname === '/' && new URLSearchParams(location.search).get('timeout') === 'inactivity') return;
  location.assign(sessionExpiredHref);
}

export interface GatewayBaseQueryOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetchFn?: (input: string, init: RequestInit) => Promise<Response>;
  /** What a session expiry does; defaults to {@link redirectToSessionExpired}. */
  onSessionExpired?: () => void;
}

type ResponseLike = Pick<Response, 'ok' | 'status' | 'statusText' | 'headers' | 'text' | 'blob'>;

/**
 * The RTK Query base query for the gateway (SPEC section 7): cookies always included, JSON in and
 * out, GET unless told otherwise. Errors are {@link ApiError}s; a 401 outside the auth endpoints
 * logs a notice and triggers the session-expired redirect.
 */
export function createGatewayBaseQuery(options: GatewayBaseQueryOptions = {}): BaseQueryFn<ApiArgs, unknown, ApiError> {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const onSessionExpired = options.onSessionExpired ?? (() => redirectToSessionExpired());

  return async (args, { signal }) => {
    const request: ApiRequest = typeof args === 'string' ? { url: args } : args;
    const url = buildUrl(request.url, request.params);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method: request.method ?? 'GET', credentials: 'include', headers, signal };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.ifMatchVersion !== undefined) headers['If-Match'] = `"${request.ifMatchVersion}"`;

    let response: ResponseLike;
    try {
      response = await fetchFn(url, init);
    } catch {
      if (signal.aborted) return CANCELLED;
      return {
        error: {
          status: 'FETCH_ERROR',
          message: 'Could not reach the server. Check your connection and try again.',
        },
      };
    }

    if (!response.ok) {
      // "Nobody signed in" would swap the screen under a form holding unsaved changes: while one does, the answer is
      // an error, so the last known user stays; the form's save asks for a sign-in over the page.
      if (response.status === 401 && request.on401 === 'null' && !hasUnsavedWork()) return { data: null };
      const error = normalizeApiError(response.status, response.statusText, await safeText(response));
      if (isSessionExpiry(url, response.status) && request.on401 !== 'caller') {
        console.warn(
          `Session expired (401 from ${request.method ?? 'GET'} ${pathnameOf(url)}); returning to the home page.`,
        );
        onSessionExpired();
      }
      return { error };
    }

    try {
      return { data: await readBody(response, request.responseType ?? 'json') };
    } catch (cause) {
      // Cancelled while the body was still arriving.
      if (signal.aborted) return CANCELLED;
      throw cause;
    }
  };
}

/**
 * A call cancelled by its signal (RTK Query cancels a query nobody shows any more) is an error result, not a throw:
 * RTK Query logs every thrown error to the console, and no screen reads this result.
 */
const CANCELLED = { error: { status: 'ABORTED', message: 'The request was cancelled.' } } as const satisfies {
  error: ApiError;
};

function buildUrl(url: string, params: ApiRequest['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function safeText(response: ResponseLike): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

async function readBody(response: ResponseLike, type: NonNullable<ApiRequest['responseType']>): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
