import { jest } from '@jest/globals';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import {
  createGatewayBaseQuery,
  isApiError,
  isSessionExpiry,
  normalizeApiError,
  redirectToSessionExpired,
  type ApiArgs,
} from './base-query';

interface FakeReply {
  status?: number;
  statusText?: string;
  body?: string;
  contentType?: string;
}

function fakeFetch(reply: FakeReply = {}) {
  const { status = 200, statusText = '', body = '', contentType = 'application/json' } = reply;
  return jest.fn(
    async (_input: string, _init: RequestInit) =>
      ({
        ok: status >= 200 && status < 300,
        status,
        statusText,
        headers: new Headers({ 'content-type': contentType }),
        text: async () => body,
        blob: async () => new Blob([body]),
      }) as unknown as Response,
  );
}

const queryApi = () => ({ signal: new AbortController().signal }) as BaseQueryApi;

async function call(args: ApiArgs, reply: FakeReply = {}) {
  const fetchFn = fakeFetch(reply);
  const onSessionExpired = jest.fn();
  const baseQuery = createGatewayBaseQuery({ fetchFn, onSessionExpired });
  const result = await baseQuery(args, queryApi(), {});
  return { result, fetchFn, onSessionExpired };
}

describe('normalizeApiError', () => {
  it('keeps the gateway body: message, code and error id', () => {
    const body = JSON.stringify({
      statusCode: 409,
      message: 'This email already has an active QR code.',
      code: 'CONFLICT',
    });
    expect(normalizeApiError(409, 'Conflict', body)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This email already has an active QR code.',
    });
    const internal = JSON.stringify({
      statusCode: 500,
      message: 'Something went wrong',
      code: 'INTERNAL',
      errorId: 'e-42',
    });
    expect(normalizeApiError(500, 'Internal Server Error', internal).errorId).toBe('e-42');
  });

  it.each([
    [404, 'EMAIL_NOT_FOUND'],
    [400, 'VALIDATION_ERROR'],
    [401, 'UNAUTHORIZED'],
  ])('gives a %i without a code the code %s', (status, code) => {
    expect(normalizeApiError(status, '', JSON.stringify({ message: 'x' })).code).toBe(code);
  });

  it('prefers the code the body carries over the one derived from the status', () => {
    const body = JSON.stringify({ statusCode: 404, message: 'No such card', code: 'NOT_FOUND' });
    expect(normalizeApiError(404, 'Not Found', body).code).toBe('NOT_FOUND');
  });

  it('leaves other statuses without a code when the body has none', () => {
    expect(normalizeApiError(503, 'Service Unavailable', '{}').code).toBeUndefined();
  });

  it('uses a non-JSON body as the message', () => {
    expect(normalizeApiError(502, 'Bad Gateway', 'upstream timed out')).toMatchObject({
      status: 502,
      message: 'upstream timed out',
    });
  });

  it('falls back to "HTTP {status}: {statusText}" when there is no message', () => {
    expect(normalizeApiError(500, 'Internal Server Error', '').message).toBe('HTTP 500: Internal Server Error');
    expect(normalizeApiError(403, 'Forbidden', '{"statusCode":403}').message).toBe('HTTP 403: Forbidden');
  });

  it('names the status when the response has no status text (HTTP/2)', () => {
    expect(normalizeApiError(429, '', '').message).toBe('HTTP 429: Too Many Requests');
  });

  it('joins a list of validation messages', () => {
    const body = JSON.stringify({ message: ['email must be an email', 'password is required'] });
    expect(normalizeApiError(400, 'Bad Request', body).message).toBe('email must be an email; password is required');
  });
});

describe('isSessionExpiry', () => {
  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/google', '/api/auth/user', '/api/auth/user?x=1'])(
    'does not treat a 401 from %s as an expired session',
    (url) => expect(isSessionExpiry(url, 401)).toBe(false),
  );

  it.each([
    '/api/medical-records/dashboard',
    '/api/cart/count',
    '/api/auth/verify-password',
    'http://localhost:3000/api/orders/user',
  ])('treats a 401 from %s as an expired session', (url) => expect(isSessionExpiry(url, 401)).toBe(true));

  it('ignores statuses other than 401', () => {
    expect(isSessionExpiry('/api/cart', 403)).toBe(false);
    expect(isSessionExpiry('/api/cart', 'FETCH_ERROR')).toBe(false);
  });
});

describe('gateway base query', () => {
  it('sends a GET with cookies for a bare path and returns the JSON body', async () => {
    const { result, fetchFn } = await call('/api/cart/count', { body: '{"count":3}' });
    expect(result).toEqual({ data: { count: 3 } });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/cart/count');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init.body).toBeUndefined();
  });

  it('sends bodies as JSON and query params on the URL', async () => {
    const { fetchFn } = await call({
      url: '/api/medical-records/history',
      method: 'POST',
      body: { reason: 'moving' },
      params: { page: 2, limit: 10, skip: undefined },
    });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/medical-records/history?page=2&limit=10');
    expect(init.body).toBe('{"reason":"moving"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('reads an empty success body as null', async () => {
    const { result } = await call({ url: '/api/auth/logout', method: 'POST' }, { status: 204 });
    expect(result).toEqual({ data: null });
  });

  it('returns the normalised error for a failed call', async () => {
    const { result } = await call('/api/emergency-card/abc', {
      status: 410,
      statusText: 'Gone',
      body: '{"statusCode":410,"message":"This QR code has expired","code":"GONE"}',
    });
    expect(result.error).toMatchObject({ status: 410, code: 'GONE', message: 'This QR code has expired' });
    expect(isApiError(result.error)).toBe(true);
    expect(isApiError({ name: 'TypeError', message: 'x is not a function' })).toBe(false);
  });

  it('sends the visitor home after a 401 from a non-auth endpoint, and logs why', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result, onSessionExpired } = await call('/api/medical-records/dashboard', {
      status: 401,
      statusText: 'Unauthorized',
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Session expired'));
    expect(result.error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    warn.mockRestore();
  });

  it('keeps the visitor in place after a 401 from login (wrong password is not an expired session)', async () => {
    const { result, onSessionExpired } = await call(
      { url: '/api/auth/login', method: 'POST', body: { email: 'a@b.c', password: 'nope' } },
      { status: 401, body: '{"statusCode":401,"message":"Invalid credentials","code":"UNAUTHORIZED"}' },
    );
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ message: 'Invalid credentials' });
  });

  it('answers null instead of an error for a 401 when the call asks for it', async () => {
    const { result, onSessionExpired } = await call({ url: '/api/auth/user', on401: 'null' }, { status: 401 });
    expect(result).toEqual({ data: null });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller, without the redirect, when the call asks for it', async () => {
    const { result, onSessionExpired } = await call(
      { url: '/api/medical-records', method: 'POST', body: {}, on401: 'caller' },
      { status: 401, body: '{"statusCode":401,"message":"Unauthorized","code":"UNAUTHORIZED"}' },
    );
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('reports an unreachable server as a FETCH_ERROR', async () => {
    const baseQuery = createGatewayBaseQuery({
      fetchFn: async () => {
        throw new TypeError('Failed to fetch');
      },
      onSessionExpired: jest.fn(),
    });
    const result = await baseQuery('/api/cart', queryApi(), {});
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(result.error?.message).toMatch(/could not reach the server/i);
  });

  it('answers a cancelled call with an ABORTED error instead of throwing (RTK Query would log a throw)', async () => {
    const controller = new AbortController();
    const baseQuery = createGatewayBaseQuery({
      fetchFn: async () => {
        controller.abort();
        throw new DOMException('signal is aborted without reason', 'AbortError');
      },
      onSessionExpired: jest.fn(),
    });
    const result = await baseQuery('/api/cart', { signal: controller.signal } as BaseQueryApi, {});
    expect(result.error).toMatchObject({ status: 'ABORTED' });
  });

  it('answers a call cancelled while its body arrives with an ABORTED error too', async () => {
    const controller = new AbortController();
    const baseQuery = createGatewayBaseQuery({
      fetchFn: async () =>
        ({
          ok: true,
          status: 200,
          statusText: 'OK',
          headers: new Headers({ 'content-type': 'application/json' }),
          text: async () => {
            controller.abort();
            throw new DOMException('signal is aborted without reason', 'AbortError');
          },
        }) as unknown as Response,
      onSessionExpired: jest.fn(),
    });
    const result = await baseQuery('/api/cart', { signal: controller.signal } as BaseQueryApi, {});
    expect(result.error).toMatchObject({ status: 'ABORTED' });
  });
});

describe('redirectToSessionExpired', () => {
  it('sends the browser to /?timeout=inactivity', () => {
    const assign = jest.fn();
    redirectToSessionExpired({ pathname: '/history', search: '', assign });
    expect(assign).toHaveBeenCalledWith('/?timeout=inactivity');
  });

  it('does not reload the page it is already on (no redirect loop)', () => {
    const assign = jest.fn();
    redirectToSessionExpired({ pathname: '/', search: '?timeout=inactivity', assign });
    expect(assign).not.toHaveBeenCalled();
  });
});
