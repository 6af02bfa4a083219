import { connect } from 'node:net';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { metricSample } from '@medical-qr/platform/testing';

async function text(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

/**
 * Every process serves /metrics, /livez and /readyz on its own METRICS_PORT (never the public
 * one), and stops cleanly on SIGTERM.
 */
describe('metrics, probes and shutdown of every process', () => {
  let system: IsolatedStack;
  const instance = (id: string) => system.stack.instances.find((candidate) => candidate.id === id)!;

  beforeAll(async () => {
    // The SIGTERM test waits out a request to a frozen service: a short deadline keeps that wait short.
    system = await startIsolatedStack('metrics', { NATS_REQUEST_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('answers the probes of every process, and keeps /metrics off the public port', async () => {
    for (const { id, metricsUrl } of system.stack.instances) {
      expect({ id, ...(await text(`${metricsUrl}/livez`)) }).toEqual({ id, status: 200, body: 'ok' });
      expect({ id, ...(await text(`${metricsUrl}/readyz`)) }).toEqual({ id, status: 200, body: 'ok' });
    }
    expect((await text(`${system.url}/metrics`)).body).not.toContain('http_requests_total');
  });

  it('labels the gateway requests by route template, and counts the NATS requests on both ends', async () => {
    const token = 'Zq3xT9vLmP0aB7cD1eF2gH4j';
    expect((await text(`${system.url}/api/health`)).status).toBe(200);
    expect((await text(`${system.url}/api/emergency-card/${token}`)).status).toBe(404);

    const gateway = (await text(`${instance('gateway').metricsUrl}/metrics`)).body;
    const http = (route: string, status: string) =>
      metricSample(gateway, 'http_requests_total', { method: 'GET', route, status, service: 'gateway' });
    expect(http('/api/health', '200')).toBeGreaterThanOrEqual(1);
    expect(http('/api/emergency-card/:token', '404')).toBe(1);
    expect(gateway).not.toContain(token);
    const asked = { pattern: 'records.health.check', outcome: 'ok', service: 'gateway' };
    expect(metricSample(gateway, 'nats_client_requests_total', asked)).toBeGreaterThanOrEqual(1);

    const records = (await text(`${instance('records').metricsUrl}/metrics`)).body;
    const handled = { pattern: 'records.health.check', outcome: 'ok', service: 'records' };
    expect(metricSample(records, 'nats_requests_handled_total', handled)).toBeGreaterThanOrEqual(1);
    expect(metricSample(records, 'queue_jobs', { queue: 'records-expiry', state: 'waiting' })).toBeDefined();
  });

  it('stops a service on SIGTERM with exit code 0, after which its requests fail fast', async () => {
    const records = system.stack.processes.get('records')!;
    const exited = new Promise<number | null>((resolve) => records.once('exit', (code) => resolve(code)));
    records.kill('SIGTERM');
    expect(await exited).toBe(0);

    const started = Date.now();
    expect((await text(`${system.url}/api/health/records`)).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('tells a hung gateway by HTTP on its metrics port: a TCP connect still succeeds, /livez does not answer', async () => {
    const gateway = system.stack.processes.get('gateway')!;
    const { hostname, port } = new URL(instance('gateway').url ?? system.url);
    // A frozen process is what a blocked event loop looks like from outside: the kernel still accepts connections.
    gateway.kill('SIGSTOP');
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => (socket.destroy(), resolve()));
        socket.once('error', reject);
      });
      // The liveness probe's own timeout (k8s/base/gateway.yaml, timeoutSeconds: 3).
      await expect(
        fetch(`${instance('gateway').metricsUrl}/livez`, { signal: AbortSignal.timeout(3000) }),
      ).rejects.toThrow();
    } finally {
      gateway.kill('SIGCONT');
    }
    expect(await text(`${instance('gateway').metricsUrl}/livez`)).toEqual({ status: 200, body: 'ok' });
  });

  it('lets the gateway answer the request under way on SIGTERM, refusing new ones, then exit with code 0', async () => {
    const identity = system.stack.processes.get('identity')!;
    const gateway = system.stack.processes.get('gateway')!;
    // A frozen service: the gateway's request to it lasts until NATS_REQUEST_TIMEOUT_MS.
    identity.kill('SIGSTOP');
    try {
      const underWay = text(`${system.url}/api/health/identity`);
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
      gateway.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));

      expect((await text(`${instance('gateway').metricsUrl}/readyz`)).status).toBe(503);
      await expect(fetch(`${system.url}/api/health`)).rejects.toThrow();
      const answer = await underWay;
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await exited).toBe(0);
    } finally {
      identity.kill('SIGCONT');
    }
  });
});
