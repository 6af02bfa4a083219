import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';

/** Polls until `check` passes or the time is up; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

async function get(url: string) {
  const started = Date.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, body: (await response.json()) as any, ms: Date.now() - started };
}

describe('when NATS goes away and comes back', () => {
  let system: IsolatedStack;

  beforeAll(async () => {
    system = await startIsolatedStack('nats-outage', { NATS_REQUEST_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('reports NATS down within 5 s, answers 503 fast, then recovers with no process restarted', async () => {
    const pids = [...system.stack.processes.values()].map((child) => child.pid);
    expect((await get(`${system.url}/api/health`)).status).toBe(200);

    await system.nats.kill();

    await within(5000, async () => {
      const health = await get(`${system.url}/api/health`);
      return health.status === 503 && health.body.checks.nats.status === 'down';
    });
    const health = await get(`${system.url}/api/health`);
    expect(health.body.status).toBe('degraded');
    expect((await get(`${system.url}/api/health/ready`)).status).toBe(503);
    // The gateway holds no database credentials: with no service answering, PostgreSQL's state is unknown.
    expect(health.body.checks.postgres).toEqual({ status: 'down', message: 'unknown: no service answered' });
    expect(Object.values(health.body.services).every((s: any) => s.status === 'down')).toBe(true);

    // A call that needs a service: a clear 503 within the request timeout, never a hang.
    const call = await get(`${system.url}/api/health/identity`);
    expect(call.status).toBe(503);
    expect(call.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(
        /^The identity service (cannot be reached right now|did not answer within 2000 ms)\. Please try again/,
      ),
    });
    expect(call.ms).toBeLessThan(2000 + 1000);

    await system.nats.resume();

    await within(15_000, async () => (await get(`${system.url}/api/health`)).status === 200);
    expect((await get(`${system.url}/api/health/identity`)).status).toBe(200);
    for (const child of system.stack.processes.values()) expect(child.exitCode).toBeNull();
    expect([...system.stack.processes.values()].map((child) => child.pid)).toEqual(pids);
  });
});
