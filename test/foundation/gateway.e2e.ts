import WebSocket from 'ws';
import { SERVICE_NAMES } from '@medical-qr/contracts';
import { api, baseUrl } from '../support/api.js';

describe('gateway', () => {
  it('reports PostgreSQL, Redis, NATS and all five services up', async () => {
    const { status, body, headers } = await api('/api/health');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('ok');
    for (const store of ['postgres', 'redis', 'nats']) expect(body.checks[store].status).toBe('up');
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) {
      expect(body.services[name]).toEqual({ status: 'up', latencyMs: expect.any(Number) });
    }
  });

  it('reports this gateway ready when its own Redis and NATS connections are up', async () => {
    const { status, body } = await api('/api/health/ready');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      checks: {
        redis: { status: 'up', latencyMs: expect.any(Number) },
        nats: { status: 'up', latencyMs: expect.any(Number) },
      },
    });
  });

  it('asks one service for its health, and says which names exist when asked for another', async () => {
    const records = await api('/api/health/records');
    expect(records.status).toBe(200);
    expect(records.body).toMatchObject({ service: 'records', status: 'up', database: { status: 'up' } });

    const unknown = await api('/api/health/payments');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'There is no service named "payments". Known: identity, records, billing, shop, privacy.',
    });
  });

  it('answers unknown API paths with a JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const { status, body } = await api('/api/does-not-exist?x=1', { method });
      expect(status).toBe(404);
      expect(body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `No API route for ${method} /api/does-not-exist`,
      });
    }
  });

  it('refuses malformed and oversized JSON with a 4xx that says what is wrong', async () => {
    const malformed = await api('/api/health', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The request body is not valid JSON.' });

    const oversized = await api('/api/health', { method: 'POST', body: JSON.stringify({ note: 'x'.repeat(200_000) }) });
    expect(oversized.status).toBe(413);
    expect(oversized.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
  });

  it('gives every response our own request id, and keeps a plain one the client sent beside it', async () => {
    const sent = await api('/api/health', { headers: { 'x-request-id': 'client-chosen-id-123' } });
    expect(sent.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.headers.get('x-client-request-id')).toBe('client-chosen-id-123');
    const hostile = await api('/api/health', { headers: { 'x-request-id': 'evil id <script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(hostile.headers.get('x-client-request-id')).toBeNull();
  });

  it('sets security headers with a strict content security policy', async () => {
    const { headers } = await api('/');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('serves the web app for client-side routes, uncached, and its assets with a long cache', async () => {
    // A path the app has no screen for gets the app too (its not-found page), with a 404.
    for (const [path, status] of [
      ['/', 200],
      ['/expired', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status });
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<div id="root">');
    }
    // The emergency card is its own light page, never stored by any cache (`abc` is no token: its not-found state, 404).
    const card = await fetch(`${baseUrl()}/emergency/abc`);
    expect(card.status).toBe(404);
    expect(card.headers.get('cache-control')).toBe('no-store');
    const cardHtml = await card.text();
    expect(cardHtml).toContain('<main id="card"');
    expect(cardHtml).not.toContain('<div id="root">');
    const html = await (await fetch(baseUrl())).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('describes the API in OpenAPI at /api/docs', async () => {
    const json = await api('/api/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.info.title).toBe('Medical QR API');
    expect(Object.keys(json.body.paths)).toContain('/api/health');
    const page = await fetch(`${baseUrl()}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('accepts WebSocket connections at /ws only', async () => {
    const url = baseUrl().replace(/^http/, 'ws');
    const socket = new WebSocket(`${url}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.close();

    const elsewhere = new WebSocket(`${url}/api/ws`);
    const outcome = await new Promise<string>((resolve) => {
      elsewhere.once('open', () => resolve('open'));
      elsewhere.once('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});
