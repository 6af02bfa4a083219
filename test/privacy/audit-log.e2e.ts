import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Queues } from '@medical-qr/contracts';
import { createQueue } from '@medical-qr/platform';
import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';

/** The audit log as the database itself keeps it: entries are added, never changed, and leave only after 6 years. */
describe('the audit log', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  const add = async (occurredAt: string) =>
    (
      await db.query<{ id: string }>(
        "insert into privacy.audit_log (occurred_at, action, details) values ($1, 'test.entry', '{}') returning id",
        [occurredAt],
      )
    ).rows[0]!.id;
  const refusal = (query: Promise<unknown>) =>
    query.then(
      () => 'allowed',
      (error: Error) => error.message,
    );

  it('refuses to change or delete an entry, or to empty the table', async () => {
    const id = await add(new Date().toISOString());
    expect(await refusal(db.query("update privacy.audit_log set action = 'forged' where id = $1", [id]))).toBe(
      'the audit log is append-only',
    );
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [id]))).toMatch(/append-only/);
    expect(await refusal(db.query('truncate privacy.audit_log'))).toBe('the audit log is append-only');
    // Even the pseudonymisation an erasure may do is refused outside the transaction that declares it.
    expect(await refusal(db.query('update privacy.audit_log set email = null where id = $1', [id]))).toBe(
      'the audit log is append-only',
    );
    const { rows } = await db.query('select action from privacy.audit_log where id = $1', [id]);
    expect(rows).toEqual([{ action: 'test.entry' }]);
  });

  it('lets entries older than 6 years go, as the retention job does', async () => {
    const old = await add('2019-01-01T00:00:00Z');
    const recent = await add(new Date(Date.now() - 5 * 365 * 24 * 3600 * 1000).toISOString());
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [recent]))).toMatch(/6 years/);
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [old]))).toBe('allowed');
  });
});

describe('POST /api/audit/session-timeout', () => {
  const timeout = { action: 'session_auto_logout', reason: 'inactivity_timeout' };
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  /** The actions written from one address, once an entry that comes after them has arrived. */
  async function actionsFrom(client: HttpClient, last: string): Promise<string[]> {
    const reply = await eventually(
      () => db.query<{ action: string }>('select action from privacy.audit_log where ip = $1 order by id', [client.ip]),
      ({ rows }) => rows.some((row) => row.action === last),
    );
    return reply.rows.map((row) => row.action);
  }

  it('writes nothing for a visitor who is not signed in', async () => {
    const visitor = new HttpClient();
    for (let count = 0; count < 20; count++) {
      const refused = await visitor.post('/api/audit/session-timeout', timeout);
      expect([refused.status, refused.body.message]).toEqual([401, 'Please sign in first.']);
    }
    // A refused sign-in from the same address comes after them in the queue: once it is written, they would be too.
    expect((await visitor.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong-1' })).status).toBe(
      401,
    );
    expect(await actionsFrom(visitor, 'auth.login.failed')).toEqual(['auth.login.failed']);
  });

  it('records a signed-in person’s timeouts a few times an hour, then answers 429', async () => {
    const { client } = await signedInClient('timeout-flood', 'timeout-pass-1');
    const statuses: number[] = [];
    for (let count = 0; count < 30; count++) {
      statuses.push((await client.post('/api/audit/session-timeout', timeout)).status);
    }
    expect(statuses.slice(0, 4)).toEqual([204, 204, 204, 204]);
    expect(new Set(statuses.slice(4))).toEqual(new Set([429]));
    const bad = await client.post('/api/audit/session-timeout', { action: 'x', reason: 'y' });
    expect(bad.status).toBe(400);
    await client.post('/api/auth/logout');
    const actions = await actionsFrom(client, 'auth.logout');
    expect(actions.filter((action) => action === 'auth.session.inactivity_timeout')).toHaveLength(4);
  });
});

describe('request ids in the audit log', () => {
  it('keeps our own id for every entry, and what the client sent beside it, never instead of it', async () => {
    const client = new HttpClient();
    const chosen = 'client-chosen-id-0001';
    const refused = await client.post(
      '/api/auth/login',
      { email: uniqueEmail('request-id'), password: 'wrong-pass-1' },
      { 'x-request-id': chosen },
    );
    expect(refused.status).toBe(401);
    const ours = refused.headers.get('x-request-id');
    expect(ours).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.headers.get('x-client-request-id')).toBe(chosen);
    // A hostile one is not kept at all.
    const hostile = await client.post(
      '/api/auth/login',
      { email: uniqueEmail('request-id'), password: 'wrong-pass-1' },
      { 'x-request-id': 'evil id <script>' },
    );
    expect(hostile.headers.get('x-client-request-id')).toBeNull();

    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await eventually(
        () =>
          db.query<{ request_id: string; client_request_id: string | null }>(
            'select request_id, client_request_id from privacy.audit_log where ip = $1 order by id',
            [client.ip],
          ),
        (result) => result.rows.length === 2,
      );
      expect(rows).toEqual([
        { request_id: ours, client_request_id: chosen },
        { request_id: hostile.headers.get('x-request-id'), client_request_id: null },
      ]);
    } finally {
      await db.end();
    }
  });
});

/** Card views reach the audit log in batches: one queued job of many entries, written in one insert. */
describe('a batch of audit entries', () => {
  it('writes each entry once, even when the same job is delivered again', async () => {
    const jobs = createQueue(Queues.privacyAuditLog.name, {
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      prefix: process.env.E2E_REDIS_PREFIX!,
    });
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const jobId = `batch-${randomUUID()}`;
      const entries = [1, 2, 3].map((n) => ({
        action: 'test.batch',
        occurredAt: new Date().toISOString(),
        details: { n, jobId },
      }));
      const written = () =>
        db.query<{ n: string; source_job_id: string }>(
          `select details->>'n' as n, source_job_id from privacy.audit_log
            where action = 'test.batch' and details->>'jobId' = $1 order by id`,
          [jobId],
        );
      /** Queues the batch and waits until privacy has worked it (finished jobs are removed). */
      const deliver = async () => {
        await jobs.add('batch', { entries }, { jobId, removeOnComplete: true });
        await eventually(
          () => jobs.getJob(jobId),
          (job) => job === undefined,
        );
      };

      await deliver();
      const first = (await eventually(written, (result) => result.rows.length === 3)).rows;
      expect(first).toEqual([1, 2, 3].map((n, index) => ({ n: String(n), source_job_id: `${jobId}/${index}` })));
      // As if the worker had died after the insert but before marking the job done: the queue runs it again.
      await deliver();
      expect((await written()).rows).toEqual(first);
    } finally {
      await db.end();
      await jobs.close();
    }
  });
});
