import { Counter, Registry } from 'prom-client';
import { MetricsServer, startMetricsServer } from './metrics-server.js';

async function get(port: number, path: string, method = 'GET') {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the metrics and probe server', () => {
  const registry = new Registry();
  const served = new Counter({
    name: 'test_things_total',
    help: 'things',
    labelNames: ['kind'],
    registers: [registry],
  });
  let ready = true;
  let server: MetricsServer;

  beforeAll(async () => {
    server = await MetricsServer.start({ port: 0, host: '127.0.0.1', registry, isReady: () => ready });
  });
  afterAll(() => server.close());

  it('serves the registry in the Prometheus text format', async () => {
    served.inc({ kind: 'spoon' }, 3);
    const metrics = await get(server.port, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toBe(registry.contentType);
    expect(metrics.body).toContain('test_things_total{kind="spoon"} 3');
  });

  it('answers /livez always and /readyz from the readiness check', async () => {
    expect(await get(server.port, '/livez')).toMatchObject({ status: 200, body: 'ok' });
    expect(await get(server.port, '/readyz')).toMatchObject({ status: 200, body: 'ok' });
    ready = false;
    expect(await get(server.port, '/readyz')).toMatchObject({ status: 503, body: 'not ready' });
    ready = true;
  });

  it('is not ready when the check throws', async () => {
    const failing = await MetricsServer.start({
      port: 0,
      host: '127.0.0.1',
      registry,
      isReady: () => Promise.reject(new Error('redis is down')),
    });
    try {
      expect((await get(failing.port, '/readyz')).status).toBe(503);
    } finally {
      await failing.close();
    }
  });

  it('answers 404 for other paths and 405 for other methods', async () => {
    expect((await get(server.port, '/')).status).toBe(404);
    expect((await get(server.port, '/metricsz')).status).toBe(404);
    expect((await get(server.port, '/metrics', 'POST')).status).toBe(405);
  });

  it('turns /readyz to 503 once shutdown began, while /livez and /metrics still answer', async () => {
    server.markShuttingDown();
    expect(await get(server.port, '/readyz')).toMatchObject({ status: 503, body: 'shutting down' });
    expect((await get(server.port, '/livez')).status).toBe(200);
    expect((await get(server.port, '/metrics')).status).toBe(200);
  });

  it('stops listening on close, even with a scraper keeping its connection open', async () => {
    const closing = await MetricsServer.start({ port: 0, host: '127.0.0.1', registry, isReady: () => true });
    const { port } = closing;
    await get(port, '/metrics'); // fetch keeps the connection alive
    await closing.close();
    await expect(get(port, '/livez')).rejects.toThrow();
  });
});

describe('startMetricsServer', () => {
  it('starts no server when METRICS_PORT is unset', async () => {
    expect(await startMetricsServer({ METRICS_HOST: '127.0.0.1' }, () => true)).toBeUndefined();
  });

  it('listens on METRICS_PORT and METRICS_HOST', async () => {
    const server = await startMetricsServer({ METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' }, () => true);
    try {
      expect((await get(server!.port, '/livez')).status).toBe(200);
    } finally {
      await server?.close();
    }
  });
});
