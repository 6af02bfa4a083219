import pg from 'pg';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, type HttpResult } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';
import { PrivateRedis } from './private-redis.js';
import { reportFault } from './request-stream.js';

/** A code that expires after Redis is back: its own delayed job is gone with Redis's data, only the sweep is left. */
const CODE_LIFETIME = '60s';
/** What a person may wait for an answer while Redis is down. */
const ANSWER_DEADLINE_MS = 3000;

/**
 * Redis (sessions, rate limits, job queues) killed and started again empty. Meanwhile every request answers, the
 * gateway stays ready (the card does not need Redis), and what needs Redis answers 503 with a message (never 500,
 * never a hang); afterwards sign-in and queued mail work
 * again, and what was scheduled is still done, from PostgreSQL: a code expires on time, a deletion whose day came
 * during the outage is carried out.
 */
describe('Redis going away and coming back empty', () => {
  let redis: PrivateRedis;
  let system: IsolatedStack;
  let db: pg.Client;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    system = await startIsolatedStack('faults-redis', {
      REDIS_URL: redis.url,
      TRUST_PROXY_HOPS: '1',
      EMAIL_VERIFICATION: 'false',
      QR_TTL_USER: CODE_LIFETIME,
      EXPIRY_SWEEP_INTERVAL_MS: '2000',
    });
    db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
  }, 300_000);
  afterAll(async () => {
    await db?.end();
    await system?.stop();
    await redis?.stop();
  });

  const mailsTo = async (email: string, subject: RegExp) =>
    (
      (await (await fetch(`${system.sandboxUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{
        subject: string;
      }>
    ).filter((mail) => subject.test(mail.subject)).length;

  /** A person's account, signed in, with its email and password. */
  async function person(label: string) {
    const { client, userId } = await registeredClient(system.url, label);
    const email = ((await client.get('/api/auth/user')).body as { email: string }).email;
    return { client, userId, email, password: `${label}-pass-1` };
  }

  it('answers 503 while Redis is down, then loses no job and no scheduled expiry or deletion', async () => {
    const owner = await person('redis-owner');
    const record = await owner.client.post('/api/medical-records', medicalForm());
    expect(record.status).toBe(200);
    const cardPath = `/emergency/${record.body.token as string}`;
    const leaver = await person('redis-leaver');
    const { email, password } = leaver;
    expect((await leaver.client.post('/api/auth/verify-password', { email, password })).status).toBe(200);
    expect((await leaver.client.post('/api/privacy/request-deletion', {})).status).toBe(200);

    await redis.kill();
    // Still to come when Redis went: only the sweep can switch it off now.
    const pending = await db.query<{ active: boolean; due: boolean }>(
      `select is_active as active, expires_at <= now() as due from records.medical_records where id = $1`,
      [record.body.id],
    );
    expect(pending.rows[0]).toEqual({ active: true, due: false });

    type Outcome = { what: string; status: number; ms: number; message?: string };
    const outcomes: Outcome[] = [];
    const timed = async (what: string, call: () => Promise<HttpResult>) => {
      const started = Date.now();
      const reply = await call().catch((error: Error) => ({ status: 0, body: { message: error.message } }));
      const body = reply.body as { message?: string } | string;
      outcomes.push({
        what,
        status: reply.status,
        ms: Date.now() - started,
        message: typeof body === 'object' ? body?.message : undefined,
      });
    };
    const visitor = new HttpClient(undefined, system.url);
    for (let round = 0; round < 4; round++) {
      await timed('session', () => owner.client.get('/api/auth/user'));
      await timed('sign-in', () =>
        new HttpClient(undefined, system.url).post('/api/auth/login', { email: owner.email, password: owner.password }),
      );
      await timed('queued mail', () =>
        new HttpClient(undefined, system.url).post('/api/auth/forgot-password', { email: owner.email }),
      );
      await timed('records', () => owner.client.get('/api/medical-records'));
      await timed('card page', () => visitor.get(cardPath));
    }
    // The gateway can still serve the card, so it stays in the load balancer: both its probes say ready.
    const gateway = system.stack.instances.find((instance) => instance.process === 'gateway')!;
    const readyz = await fetch(`${gateway.metricsUrl}/readyz`);
    expect({ status: readyz.status, body: await readyz.text() }).toEqual({ status: 200, body: 'ok' });
    const ready = await visitor.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', checks: { redis: { status: 'down' }, nats: { status: 'up' } } });
    // The leaver's day comes while Redis is down: only PostgreSQL knows it.
    await db.query(
      `update privacy.deletion_requests set scheduled_at = now() - interval '1 minute' where user_id = $1`,
      [leaver.userId],
    );

    await redis.resume();

    // Sessions were lost with Redis's data; signing in works again, and a queued mail is sent.
    const again = new HttpClient(undefined, system.url);
    await eventually(
      () => again.post('/api/auth/login', { email: owner.email, password: owner.password }),
      (reply) => reply.status === 200,
      30_000,
    );
    expect((await again.get('/api/auth/user')).status).toBe(200);
    // Each service's queue reconnects on its own schedule: until identity's has, asking again is what a person does.
    let asked = 0;
    await eventually(
      async () => (asked++, (await again.post('/api/auth/forgot-password', { email: owner.email })).status),
      (status) => status === 200,
      60_000,
    );
    await eventually(
      () => mailsTo(owner.email, /Reset your/),
      (count) => count >= 1,
      30_000,
    );

    // The code's delayed job went with Redis; the sweep still switches it off.
    await eventually(
      async () =>
        (
          await db.query<{ active: boolean }>(`select is_active as active from records.medical_records where id = $1`, [
            record.body.id,
          ])
        ).rows[0]?.active,
      (active) => active === false,
      90_000,
    );
    // The deletion due during the outage is carried out.
    await eventually(
      async () =>
        Number((await db.query(`select count(*) as n from identity.users where id = $1`, [leaver.userId])).rows[0].n),
      (count) => count === 0,
      60_000,
    );

    const mailed = await mailsTo(owner.email, /Reset your/);
    const unanswered = outcomes.filter((outcome) => outcome.status === 0 || outcome.ms > ANSWER_DEADLINE_MS);
    reportFault('Redis killed, back empty', {
      requests: outcomes.length,
      lost: unanswered.length + outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503).length,
      duplicated: Math.max(0, mailed - asked),
    });
    expect(unanswered).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 500 || outcome.status > 503)).toEqual([]);
    // What needs Redis says so and asks to try again; the card does not need it.
    for (const what of ['session', 'sign-in', 'queued mail']) {
      for (const outcome of outcomes.filter((candidate) => candidate.what === what)) {
        expect(outcome).toEqual({ what, status: 503, ms: outcome.ms, message: expect.stringMatching(/try again/) });
      }
    }
    expect(outcomes.filter((outcome) => outcome.what === 'card page').map((outcome) => outcome.status)).toEqual([
      200, 200, 200, 200,
    ]);
    // No mail without a request after the outage (those refused while Redis was down never reached a queue).
    expect(mailed).toBeGreaterThanOrEqual(1);
    expect(mailed).toBeLessThanOrEqual(asked);
  }, 240_000);
});
