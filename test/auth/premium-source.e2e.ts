import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { natsConnectionOptions } from '@medical-qr/platform';
import { billingStandIn } from '../support/billing-stand-in.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';

const GATEWAY_LOG = fileURLToPath(new URL('../../reports/logs/premium-source.log', import.meta.url));

async function signedIn(system: IsolatedStack) {
  const client = new HttpClient(undefined, system.url);
  const email = uniqueEmail('premium');
  const registered = await client.post('/api/auth/register', {
    firstName: 'P',
    lastName: 'Q',
    email,
    password: 'premium-pass',
  });
  expect(registered.status).toBe(201);
  return { client, email, userId: registered.body.user.id as string };
}

describe('premium comes from billing', () => {
  let system: IsolatedStack;
  let nats: NatsConnection;

  beforeAll(async () => {
    system = await startIsolatedStack('premium-source', { EMAIL_VERIFICATION: 'false', DEMO_LOGIN: 'true' });
    nats = await connect(natsConnectionOptions(system.nats.admin, 'premium-source-test'));
    // Only the stand-in answers for billing from here on.
    const billing = system.stack.processes.get('billing')!;
    billing.kill('SIGTERM');
    await new Promise((resolve) => billing.once('exit', resolve));
  });
  afterAll(async () => {
    await nats?.close();
    await system?.stop();
  });

  it('answers isPremium as billing says, at sign-in and on every page load', async () => {
    const premium = await signedIn(system);
    const free = await signedIn(system);
    const standIn = billingStandIn(nats, (userId) => userId === premium.userId);
    try {
      const login = await premium.client.post('/api/auth/login', { email: premium.email, password: 'premium-pass' });
      expect(login.body.user).toMatchObject({ id: premium.userId, isPremium: true, authMethod: 'password' });
      expect((await premium.client.get('/api/auth/user')).body.isPremium).toBe(true);
      expect((await free.client.get('/api/auth/user')).body.isPremium).toBe(false);
    } finally {
      for (const subscription of standIn) subscription.unsubscribe();
    }
  });

  it('still signs in and loads the page when billing does not answer: not premium, and a warning in the log', async () => {
    const { client, email, userId } = await signedIn(system);
    const started = Date.now();
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: userId, isPremium: false });
    expect(Date.now() - started).toBeLessThan(2500);
    const login = await new HttpClient(undefined, system.url).post('/api/auth/login', {
      email,
      password: 'premium-pass',
    });
    expect(login.status).toBe(200);
    expect(login.body.user.isPremium).toBe(false);

    const deadline = Date.now() + 5000;
    let warnings: string[] = [];
    while (warnings.length === 0 && Date.now() < deadline) {
      warnings = readFileSync(GATEWAY_LOG, 'utf8')
        .split('\n')
        .filter(
          (line) => line.startsWith('gateway') && line.includes('premium status unknown') && line.includes(userId),
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(warnings.length).toBeGreaterThan(0);
  });
});
