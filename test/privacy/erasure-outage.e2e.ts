import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { medicalForm } from '../records/records-fixtures.js';
import { eventually, pause } from '../support/eventually.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { queryDatabase } from '../support/database.js';

const PASSWORD = 'outage-pass-1';

/**
 * The erasure saga when a service is down in the middle of it: the shop is stopped (SIGSTOP, as a hung or paused
 * process is) while an immediate erasure runs; nothing is lost, and the erasure finishes once the shop is back.
 */
describe('erasure with a service stopped', () => {
  let system: IsolatedStack;

  beforeAll(async () => {
    system = await startIsolatedStack('erasure-outage', { TRUST_PROXY_HOPS: '1', EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('waits for the stopped shop, then erases everything', async () => {
    const client = new HttpClient(undefined, system.url);
    const email = uniqueEmail('outage');
    const registered = await client.post('/api/auth/register', {
      firstName: 'Amara',
      lastName: 'Okafor',
      email,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.user.id as string;
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);

    const shop = system.stack.processes.get('shop')!;
    shop.kill('SIGSTOP');
    try {
      const requested = await client.post('/api/privacy/request-deletion', { immediate: true });
      expect(requested.status).toBe(200);
      // The shop's step comes first and cannot be done: the account and the card are still there.
      await pause(3000);
      expect((await client.get('/api/auth/user')).status).toBe(200);
      expect((await new HttpClient(undefined, system.url).get(`/api/emergency-card/${record.body.token}`)).status).toBe(
        200,
      );
    } finally {
      shop.kill('SIGCONT');
    }

    await eventually(
      () => client.get('/api/auth/user'),
      (reply) => reply.status === 401,
      60_000,
    );
    expect((await new HttpClient(undefined, system.url).get(`/api/emergency-card/${record.body.token}`)).status).toBe(
      404,
    );
    const database = { databaseUrl: system.env.DATABASE_URL! };
    const leftovers = await queryDatabase<{ n: number }>(
      database,
      `select (select count(*) from identity.users where id = $1)
            + (select count(*) from records.medical_records where user_id = $1)
            + (select count(*) from privacy.deletion_requests where user_id = $1) as n`,
      [userId],
    );
    expect(Number(leftovers[0]!.n)).toBe(0);
  }, 120_000);
});
