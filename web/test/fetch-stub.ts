import { SESSION_HINT_COOKIE, type CurrentUser } from '@medical-qr/contracts';

/** One request the app made, as the stub saw it. */
export interface StubbedRequest {
  method: string;
  /** The path without query. */
  path: string;
  /** Path and query. */
  url: string;
  /** The parsed body, if any: JSON, or a form-encoded body as an object of its fields. */
  body: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

export interface StubReply {
  status?: number;
  /** Sent as JSON; leave undefined for an empty body. */
  body?: unknown;
}

export type StubHandler = StubReply | ((request: StubbedRequest) => StubReply | Promise<StubReply>);

/** `{ statusCode, message, code?, ... }`, the gateway's error body. */
export function errorReply(status: number, message: string, extra: Record<string, unknown> = {}): StubReply {
  return { status, body: { statusCode: status, message, ...extra } };
}

export const signedOut: StubReply = errorReply(401, 'Unauthorized', { code: 'UNAUTHORIZED' });

/** A signed-in account as GET /api/auth/user and every sign-in answer return it. */
export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    isTemporary: false,
    isAuthenticated: true as const,
    emailVerified: true,
    hasPassword: true,
    hasGoogle: false,
    isPremium: false,
    authMethod: 'password',
    reauthenticatedUntil: null,
    ...overrides,
  };
}

/** What the layout asks on every screen (who is signed in, the header's cart count), not the screen itself. */
const LAYOUT_REQUESTS = ['GET /api/auth/user', 'GET /api/cart/count'];

/**
 * Replaces `fetch` (the network boundary) with a table of answers keyed by "METHOD /path".
 * GET /api/auth/user answers 401 (signed out) and GET /api/cart/count an empty cart unless the
 * table says otherwise; anything not in the table answers 404. Call `restore()` after the test.
 */
export function stubFetch(routes: Record<string, StubHandler> = {}) {
  const table: Record<string, StubHandler> = {
    'GET /api/auth/user': signedOut,
    'GET /api/cart/count': { body: { count: 0 } },
    ...routes,
  };
  const calls: StubbedRequest[] = [];
  const previous = globalThis.fetch;
  // A table that answers "who is signed in?" stands for a browser the gateway gave a session: it has the hint cookie.
  const hasSession = routes['GET /api/auth/user'] !== undefined && routes['GET /api/auth/user'] !== signedOut;
  if (hasSession) document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;

  const fetchStub = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? String(input) : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body !== '' ? parseBody(init.body) : undefined;
    const headers = Object.fromEntries(
      [...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
    );
    const request: StubbedRequest = { method, path: url.pathname, url: url.pathname + url.search, body, headers };
    calls.push(request);
    const handler = table[`${method} ${url.pathname}`];
    const reply = !handler
      ? errorReply(404, `No stub for ${method} ${url.pathname}`)
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fetchStub as typeof fetch;

  return {
    calls,
    /** "METHOD /path" of every request so far, in order, leaving out the layout's own unless asked. */
    requests: ({ withLayout = false } = {}) =>
      calls
        .map((call) => `${call.method} ${call.path}`)
        .filter((request) => withLayout || !LAYOUT_REQUESTS.includes(request)),
    /** The requests to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** Changes (or adds) one answer. */
    route(key: string, handler: StubHandler) {
      table[key] = handler;
    },
    restore() {
      globalThis.fetch = previous;
      document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
    },
  };
}

export type FetchStub = ReturnType<typeof stubFetch>;

/** JSON, or else form-encoded fields (what the card form sends the payment provider). */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}
