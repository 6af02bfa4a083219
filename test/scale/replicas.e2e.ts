import { DurableEvents } from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack, type StackInstance } from '@medical-qr/launcher';
import { createLogger, EventBus } from '@medical-qr/platform';
import { metricTotal as totalOf } from '@medical-qr/platform/testing';
import { eventually, pause } from '../support/eventually.js';
import { registeredClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { openLiveSocket, type LiveSocketClient } from '../live/live-socket-client.js';
import { medicalForm } from '../records/records-fixtures.js';

const REQUEST_TIMEOUT_MS = 2000;
const PUBLIC_LIMIT = 10;
const SERVICES = ['identity', 'records', 'billing', 'shop', 'privacy'] as const;

/** A metric's total over all its label sets, as one process's /metrics says. */
async function metricTotal(instance: StackInstance, metric: string): Promise<number> {
  return totalOf(await (await fetch(`${instance.metricsUrl}/metrics`)).text(), metric);
}

/**
 * Two copies of every process on one machine, as `npm start -- --replicas 2` runs them: two gateways
 * behind the local balancer, two of each service sharing its NATS queue group, its durable consumers
 * and its job queues. What a user sees must not depend on which copy answers, and losing a copy must
 * cost nothing that the client retried.
 */
describe('two replicas of every process', () => {
  let system: IsolatedStack;
  let events: EventBus;
  const sockets: LiveSocketClient[] = [];

  beforeAll(async () => {
    system = await startIsolatedStack(
      'replicas',
      {
        EMAIL_VERIFICATION: 'false',
        RATE_LIMIT_PUBLIC_PER_5_MIN: String(PUBLIC_LIMIT),
        NATS_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      },
      { replicas: 2 },
    );
    events = await EventBus.connect({
      nats: system.nats.admin,
      name: 'replicas-test',
      namespace: system.env.REDIS_PREFIX!,
      logger: createLogger('replicas-test', 'silent'),
    });
  }, 180_000);
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await events?.close();
    await system?.stop();
  });

  const replicasOf = (process: string) => system.stack.instances.filter((instance) => instance.process === process);

  const signedInUser = (label: string) => registeredClient(system.url, label);

  /** One screen's worth of calls, touching every service (identity and billing through the session's user). */
  const EVERY_SERVICE = [
    '/api/auth/user',
    '/api/medical-records',
    '/api/premium/status',
    '/api/cart/count',
    '/api/privacy/status',
  ];

  it('spreads requests over both gateways and both replicas of every service', async () => {
    const { client } = await signedInUser('spread');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    for (let round = 0; round < 12; round++) {
      for (const path of EVERY_SERVICE) expect([path, (await client.get(path)).status]).toEqual([path, 200]);
    }
    for (const gateway of replicasOf('gateway')) {
      // Round robin: each of the two gateways served about half of the 60 calls.
      expect({ gateway: gateway.id, atLeast20: (await metricTotal(gateway, 'http_requests_total')) >= 20 }).toEqual({
        gateway: gateway.id,
        atLeast20: true,
      });
    }
    for (const service of SERVICES) {
      const handled = await Promise.all(
        replicasOf(service).map(async (replica) => [
          replica.id,
          await metricTotal(replica, 'nats_requests_handled_total'),
        ]),
      );
      expect({ service, busy: handled.filter(([, count]) => Number(count) > 0).length }).toEqual({ service, busy: 2 });
    }
  });

  it('keeps a session on whichever gateway a request lands', async () => {
    const { client, userId } = await signedInUser('session');
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const gateway of replicasOf('gateway')) {
      const response = await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie } });
      expect([gateway.id, response.status, ((await response.json()) as { id: string }).id]).toEqual([
        gateway.id,
        200,
        userId,
      ]);
    }
  });

  it('counts a public rate limit once across both gateways', async () => {
    const [first, second] = replicasOf('gateway');
    // Behind the balancer each gateway trusts one proxy hop: the client's address is the forwarded one.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PUBLIC_LIMIT; attempt++) {
      const gateway = attempt % 2 === 0 ? first! : second!;
      statuses.push(
        (await fetch(`${gateway.url}/api/emergency-card/no-such-card-${attempt}`, { headers: from('198.51.100.23') }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array<number>(PUBLIC_LIMIT).fill(404), 429]);
    // Another address still has its whole allowance, on either gateway.
    expect(
      (await fetch(`${second!.url}/api/emergency-card/no-such-card`, { headers: from('198.51.100.24') })).status,
    ).toBe(404);
  });

  it("pushes a live event to the user's sockets on both gateways", async () => {
    const { client, userId } = await signedInUser('live');
    const live = await Promise.all(replicasOf('gateway').map((gateway) => openLiveSocket(gateway.url!, client)));
    sockets.push(...live);
    await pause(500); // each socket's session is read after it opens
    await events.publish(DurableEvents.subscriptionUpdated, { userId, isPremium: false, expiresAt: null });
    await eventually(
      () => live.map((socket) => socket.messages.length),
      (counts) => counts.every((count) => count > 0),
    );
    await pause(500); // time for a duplicate to show up
    expect(live.map((socket) => socket.messages)).toEqual([
      [{ type: 'subscription_updated' }],
      [{ type: 'subscription_updated' }],
    ]);
  });

  it('runs each queued job once: one reset mail per request, though two identity replicas work the queue', async () => {
    const emails: string[] = [];
    for (let index = 0; index < 4; index++) {
      const { client } = await signedInUser(`mail${index}`);
      emails.push(((await client.get('/api/auth/user')).body as { email: string }).email);
    }
    for (const email of emails) {
      expect((await new HttpClient(undefined, system.url).post('/api/auth/forgot-password', { email })).status).toBe(
        200,
      );
    }
    const mailsTo = async (email: string) =>
      ((await (await fetch(`${system.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as unknown[])
        .length;
    await eventually(
      () => Promise.all(emails.map(mailsTo)),
      (counts) => counts.every((count) => count >= 1),
    );
    await pause(1500); // a second run of any job would have mailed by now
    expect(await Promise.all(emails.map(mailsTo))).toEqual([1, 1, 1, 1]);
  });

  it('loses no retried request when one replica of every process is killed mid-stream, and answers 503 at once only when none is left', async () => {
    const { client } = await signedInUser('stream');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    /** A client that retries a 5xx or a dropped connection, as the web app's requests do. */
    const withRetries = async (path: string) => {
      for (let attempt = 1; ; attempt++) {
        const status = await client.get(path).then(
          (response) => response.status,
          () => 0,
        );
        if (status > 0 && status < 500) return status;
        if (attempt === 5) return status;
        await pause(200);
      }
    };
    const outcomes: number[] = [];
    let killed = false;
    for (let round = 0; round < 25; round++) {
      const calls = Promise.all(EVERY_SERVICE.map(withRetries));
      // While those calls are in flight: SIGKILL, no goodbye, as a crashed pod or a lost node.
      if (round === 5) {
        for (const process of [...SERVICES, 'gateway']) system.stack.processes.get(`${process}-2`)!.kill('SIGKILL');
        killed = true;
      }
      outcomes.push(...(await calls));
    }
    expect(killed).toBe(true);
    expect(outcomes).toHaveLength(25 * EVERY_SERVICE.length);
    expect(outcomes.filter((status) => status !== 200)).toEqual([]);

    // Records' last replica gone: its requests fail fast with 503 and a message, nothing else does.
    const records = system.stack.processes.get('records')!;
    const exited = new Promise((resolve) => records.once('exit', resolve));
    records.kill('SIGKILL');
    await exited;
    const started = Date.now();
    const refused = await client.get('/api/medical-records');
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
    expect(refused.status).toBe(503);
    expect((refused.body as { message: string }).message).toMatch(/records service/);
    expect((await client.get('/api/privacy/status')).status).toBe(200);

    // Back: a replica restarted serves again.
    await system.stack.restart('records');
    await eventually(
      async () => (await client.get('/api/medical-records')).status,
      (status) => status === 200,
      30_000,
    );

    // No gateway left: the balancer says so at once, and serves again when one is back.
    const gateway = system.stack.processes.get('gateway')!;
    const gatewayExited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGKILL');
    await gatewayExited;
    const noGateway = await client.get('/api/privacy/status');
    expect([noGateway.status, (noGateway.body as { message: string }).message]).toEqual([
      503,
      'No gateway is running right now. Please try again in a moment.',
    ]);
    await system.stack.restart('gateway');
    await eventually(
      async () => (await client.get('/api/privacy/status').catch(() => ({ status: 0 }))).status,
      (status) => status === 200,
      30_000,
    );
  }, 120_000);
});
