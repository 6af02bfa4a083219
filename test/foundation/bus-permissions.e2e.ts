import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { RecordsPatterns } from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { namespacedSubject, natsConnectionOptions, ServiceClient } from '@medical-qr/platform';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The message bus is locked down as in production: the whole system runs on a nats-server with the
 * permission file made from the bus contract, every process signed in as itself. Here the server is
 * asked directly what it lets through: anyone who reaches NATS must not be able to read medical records.
 */
describe('the message bus, locked down', () => {
  let system: IsolatedStack;
  const connections: NatsConnection[] = [];
  let ownerId: string;

  beforeAll(async () => {
    system = await startIsolatedStack('bus-permissions');
    const { client: owner } = await signedInClient('bus', 'bus-permissions-1', system.url);
    const created = await owner.post('/api/medical-records', medicalForm({ allergies: 'Penicillin' }));
    expect(created.status).toBe(200);
    ownerId = ((await owner.get('/api/auth/user')).body as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await system?.stop();
  });

  const subject = (pattern: string) => namespacedSubject(system.env.REDIS_PREFIX!, pattern);

  async function signIn(user: 'gateway' | 'shop' | 'identity'): Promise<NatsConnection> {
    const connection = await connect({
      ...natsConnectionOptions({ NATS_URL: system.nats.url, ...system.nats.credentialsOf(user) }, `${user}-probe`),
      waitOnFirstConnect: false,
      maxReconnectAttempts: 0,
    });
    connections.push(connection);
    return connection;
  }

  it('refuses a connection without a user, or with a wrong password', async () => {
    await expect(connect({ servers: system.nats.url, reconnect: false })).rejects.toThrow(/Authorization Violation/);
    await expect(
      connect({ servers: system.nats.url, user: 'records', pass: 'not-the-password', reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/);
  });

  it('stops a service started without its credentials, saying NATS refused it', async () => {
    const records = spawn(process.execPath, ['services/records/dist/main.js'], {
      cwd: ROOT,
      // The system's settings, without the records user's name and password.
      env: system.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    records.stdout!.on('data', (chunk) => (output += chunk));
    records.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => records.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/Authorization Violation/);
  }, 30_000);

  it("lets the gateway ask records for a person's records (the path every signed-in screen takes)", async () => {
    const gateway = new ServiceClient(
      { NATS_URL: system.nats.url, ...system.nats.credentialsOf('gateway') },
      'gateway-probe',
      5000,
      system.env.REDIS_PREFIX!,
    );
    await gateway.connect();
    try {
      const listed = await gateway.request<{ records: Array<{ id: string }> }>(RecordsPatterns.list, {
        userId: ownerId,
        appUrl: system.url,
      });
      const records = await Promise.all(
        listed.records.map(({ id }) =>
          gateway.request<{ allergies: string }>(RecordsPatterns.get, {
            userId: ownerId,
            recordId: id,
            appUrl: system.url,
          }),
        ),
      );
      expect(records.map((record) => record.allergies)).toEqual(['Penicillin']);
    } finally {
      await gateway.close();
    }
  });

  it("refuses the shop, which has no reason to, asking records for anyone's records", async () => {
    const shop = await signIn('shop');
    await expect(
      shop.request(subject(RecordsPatterns.list), JSON.stringify({ data: { userId: ownerId } }), { timeout: 3000 }),
    ).rejects.toThrow(/Permissions Violation for Publish/);
  });

  it("refuses the shop reading the gateway's replies or answering as records", async () => {
    const shop = await signIn('shop');
    for (const stolen of ['_INBOX_gateway.>', subject('records.>')]) {
      const subscription = shop.subscribe(stolen);
      await expect(
        (async () => {
          for await (const message of subscription) return message.string();
        })(),
      ).rejects.toThrow(/Permissions Violation for Subscription/);
    }
  });

  it('refuses a service publishing an event it does not own (identity announcing a premium change)', async () => {
    const identity = await signIn('identity');
    identity.publish(subject('subscription.updated'), JSON.stringify({ userId: ownerId, isPremium: true }));
    const refusal = await (async () => {
      for await (const status of identity.status()) if (status.type === 'error') return status.error.message;
      return '';
    })();
    expect(refusal).toMatch(/Permissions Violation for Publish to ".*subscription\.updated"/);
  });
});
