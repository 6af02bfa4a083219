import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DurableEvents } from '@medical-qr/contracts';
import { freePort, startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { createLogger, EventBus } from '@medical-qr/platform';
import { registeredClient } from '../support/accounts.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { eventually, pause } from '../support/eventually.js';
import { closedWithin, openLiveSocket, type LiveSocketClient } from './live-socket-client.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECOND_LOG = `${ROOT}reports/logs/two-gateways-second.log`;
/** Long enough for a socket's session to be read after it opened (there is no message saying so). */
const SESSION_READ_MS = 500;

/** Stops a gateway as a deployment would (SIGTERM) and waits until it has exited, by code or by the signal. */
async function stopGateway(gateway: ChildProcess): Promise<void> {
  if (gateway.exitCode !== null || gateway.signalCode !== null) return;
  const exited = new Promise((resolve) => gateway.once('exit', resolve));
  gateway.kill('SIGTERM');
  await exited;
}

/**
 * Two gateway replicas in front of one system (same NATS, Redis, database and secrets, as behind a
 * load balancer): a user's tabs are spread over both, and a change of their premium reaches every tab.
 */
describe('the live socket on two gateway replicas', () => {
  let system: IsolatedStack;
  let second: ChildProcess;
  let secondUrl: string;
  let events: EventBus;
  const sockets: LiveSocketClient[] = [];

  beforeAll(async () => {
    // One trusted hop, so each test's sockets come from an address of its own (X-Forwarded-For).
    system = await startIsolatedStack('two-gateways', { EMAIL_VERIFICATION: 'false', TRUST_PROXY_HOPS: '1' });
    const port = await freePort();
    secondUrl = `http://localhost:${port}`;
    const log = createWriteStream(SECOND_LOG);
    second = spawn(process.execPath, ['services/gateway/dist/main.js'], {
      cwd: ROOT,
      env: { ...system.envOf('gateway'), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    second.stdout!.pipe(log);
    second.stderr!.pipe(log);
    // Ready, however long a busy machine takes to start it; a gateway that exits fails at once, with its log.
    const exited = new Promise<string>((resolve) => second.once('exit', (code) => resolve(`exited with ${code}`)));
    await eventually(
      () =>
        Promise.race([
          exited,
          fetch(`${secondUrl}/api/health/ready`).then(
            (response) => response.status,
            () => 0,
          ),
        ]),
      (status) => {
        if (typeof status === 'string') throw new Error(`the second gateway ${status}; see ${SECOND_LOG}`);
        return status === 200;
      },
      240_000,
    );
    events = await EventBus.connect({
      nats: system.nats.admin,
      name: 'two-gateways-test',
      namespace: system.env.REDIS_PREFIX!,
      logger: createLogger('two-gateways-test', 'silent'),
    });
  }, 300_000);
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await events?.close();
    if (second) await stopGateway(second);
    await system?.stop();
  });

  const signedInUser = () => registeredClient(system.url, 'two-gateways');

  // Each socket from an IPv4 address of its own (the test clients' IPv6 addresses share one /64, one client here).
  const randomIpv4 = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  async function open(gatewayUrl: string, user?: HttpClient, ip = randomIpv4()) {
    const live = await openLiveSocket(gatewayUrl, user, ip);
    sockets.push(live);
    return live;
  }

  const updateFor = (userId: string, isPremium: boolean) =>
    events.publish(DurableEvents.subscriptionUpdated, {
      userId,
      isPremium,
      expiresAt: isPremium ? new Date(Date.now() + 30 * 24 * 3600_000).toISOString() : null,
    });

  it("pushes subscription_updated to the user's sockets on both gateways, and to nobody else", async () => {
    const ada = await signedInUser();
    const other = await signedInUser();
    const onFirst = await open(system.url, ada.client);
    const onSecond = await open(secondUrl, ada.client);
    const otherOnSecond = await open(secondUrl, other.client);
    const otherOnFirst = await open(system.url, other.client);
    const anonymous = await open(secondUrl);
    await pause(SESSION_READ_MS);

    await updateFor(ada.userId, true);

    await eventually(
      () => [onFirst.messages.length, onSecond.messages.length],
      (counts) => counts.every((count) => count > 0),
    );
    await pause(1000); // time for a stray or duplicate push to show up
    expect(onFirst.messages).toEqual([{ type: 'subscription_updated' }]);
    expect(onSecond.messages).toEqual([{ type: 'subscription_updated' }]);
    expect([otherOnFirst.messages, otherOnSecond.messages, anonymous.messages]).toEqual([[], [], []]);
  });

  it('ignores what a browser sends, and closes a socket that sends more than 4 KB in one frame', async () => {
    const ada = await signedInUser();
    const chatty = await open(secondUrl, ada.client);
    await pause(SESSION_READ_MS);
    chatty.socket.send('hello');
    chatty.socket.send(JSON.stringify({ event: 'subscribe', data: { userId: 'someone-else' } }));
    await updateFor(ada.userId, false);
    await eventually(
      () => chatty.messages,
      (messages) => messages.length > 0,
    );
    expect(chatty.messages).toEqual([{ type: 'subscription_updated' }]);

    chatty.socket.send('x'.repeat(5 * 1024));
    expect(await chatty.closed).toBe(1009); // "message too big"
    // Anyone can do that: a warning in the log, not an error.
    const logged = await eventually(
      () =>
        readFileSync(SECOND_LOG, 'utf8')
          .split('\n')
          .filter((line) => line.includes('Max payload size exceeded')),
      (lines) => lines.length > 0,
    );
    expect(logged.map((line) => (JSON.parse(line) as { level: number }).level)).toEqual([40]);
  });

  it("closes a session's sockets on both gateways when it signs out (4401), and they get no alert after", async () => {
    const email = uniqueEmail('live-logout');
    const password = 'live-logout-pass-1';
    const phone = new HttpClient(undefined, system.url);
    const registered = await phone.post('/api/auth/register', {
      firstName: 'Mae',
      lastName: 'Jemison',
      email,
      password,
    });
    expect(registered.status).toBe(201);
    const userId = (registered.body as { user: { id: string } }).user.id;
    const laptop = new HttpClient(undefined, system.url);
    expect((await laptop.post('/api/auth/login', { email, password })).status).toBe(200);
    const phoneOnFirst = await open(system.url, phone);
    const phoneOnSecond = await open(secondUrl, phone);
    const laptopOnSecond = await open(secondUrl, laptop);
    await pause(SESSION_READ_MS);

    expect((await phone.post('/api/auth/logout', {})).status).toBeLessThan(300);
    expect([await closedWithin(phoneOnFirst, 5000), await closedWithin(phoneOnSecond, 5000)]).toEqual([4401, 4401]);

    // The same person's other session (another browser) is still signed in and still hears.
    await updateFor(userId, true);
    await eventually(
      () => laptopOnSecond.messages,
      (messages) => messages.length > 0,
    );
    await pause(500);
    expect([phoneOnFirst.messages, phoneOnSecond.messages]).toEqual([[], []]);
    expect(await closedWithin(laptopOnSecond, 0)).toBe('open');
  });

  it('holds 20 sockets per address (IPv6 by /64) on a gateway and refuses the 21st with 1008; others still connect', async () => {
    const subnet = `2001:db8:${(Date.now() % 0xffff).toString(16)}:1`;
    const clients = { ipv4: randomIpv4, ipv6: () => `${subnet}::${randomInt(1, 0xffff).toString(16)}` };
    for (const addressOf of Object.values(clients)) {
      const one = addressOf();
      // One IPv4 client is one address; one IPv6 client may take any address of its /64.
      const sameClient = () => (one.includes(':') ? addressOf() : one);
      const twenty: LiveSocketClient[] = [];
      for (let i = 0; i < 20; i++) twenty.push(await open(system.url, undefined, sameClient()));
      const extra = await open(system.url, undefined, sameClient());
      expect(await closedWithin(extra, 5000)).toBe(1008);
      expect(await Promise.all(twenty.map((live) => closedWithin(live, 0)))).toEqual(Array(20).fill('open'));
      const elsewhere = await open(system.url, undefined, randomIpv4());
      expect(await closedWithin(elsewhere, 500)).toBe('open');
      for (const live of [...twenty, elsewhere]) live.socket.close();
      await Promise.all(twenty.map((live) => live.closed));
    }
  });

  it('says "going away" (1001) to its sockets when a gateway stops, while the other keeps pushing', async () => {
    const ada = await signedInUser();
    const onFirst = await open(system.url, ada.client);
    const onSecond = await open(secondUrl, ada.client);
    await pause(SESSION_READ_MS);

    const stopped = stopGateway(second);
    expect(await onSecond.closed).toBe(1001);
    await stopped;

    await updateFor(ada.userId, true);
    await eventually(
      () => onFirst.messages,
      (messages) => messages.length > 0,
    );
    expect(onFirst.messages).toEqual([{ type: 'subscription_updated' }]);
    expect(onSecond.messages).toEqual([]);
  });
});
