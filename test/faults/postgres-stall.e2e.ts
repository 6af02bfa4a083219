import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isolatedDatabaseUrl, startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { dropDatabase, ensureDatabase } from '@medical-qr/platform';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, type HttpResult } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';
import { HeldProxy } from './held-proxy.js';
import { reportFault } from './request-stream.js';

/** The deadline of a request through the gateway (NATS_REQUEST_TIMEOUT_MS), and the card page's own. */
const REQUEST_DEADLINE_MS = 3000;
const CARD_PAGE_DEADLINE_MS = 2000;
/** Slack for a busy machine on top of a deadline. */
const SLACK_MS = 1000;
const LOG = fileURLToPath(new URL('../../reports/logs/faults-postgres.log', import.meta.url));

/**
 * PostgreSQL stops answering (a proxy in front of it holds its replies, as a stalled network or server does): every
 * request still ends, as a 503 with a message within its deadline (the card page with its call-911 page), and once
 * the replies flow again the pools recover and every request succeeds, with no process restarted.
 */
describe('PostgreSQL not answering', () => {
  let proxy: HeldProxy;
  let databaseUrl: string;
  let system: IsolatedStack;

  beforeAll(async () => {
    databaseUrl = isolatedDatabaseUrl('faults_pg');
    await ensureDatabase(databaseUrl);
    const server = new URL(databaseUrl);
    proxy = await HeldProxy.start(Number(server.port || 5432), server.hostname);
    const throughProxy = new URL(databaseUrl);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    system = await startIsolatedStack('faults-postgres', {
      DATABASE_URL: throughProxy.toString(),
      TRUST_PROXY_HOPS: '1',
      EMAIL_VERIFICATION: 'false',
      NATS_REQUEST_TIMEOUT_MS: String(REQUEST_DEADLINE_MS),
    });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
    await proxy?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  });

  it('answers 503 within the deadline while PostgreSQL is held, then recovers', async () => {
    const { client } = await registeredClient(system.url, 'pg-stall');
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    const cardPath = `/emergency/${created.body.token as string}`;
    const visitor = new HttpClient(undefined, system.url);
    const pids = [...system.stack.processes.values()].map((child) => child.pid);
    const calls: Record<string, () => Promise<HttpResult>> = {
      'list records': () => client.get('/api/medical-records'),
      // An edit keeps the code (a new one would replace the code whose card page is asked for).
      'save a record': () => client.request('PUT', `/api/medical-records/${created.body.id as string}`, medicalForm()),
      'privacy status': () => client.get('/api/privacy/status'),
      'card page': () => visitor.get(cardPath),
    };
    type Outcome = { what: string; status: number; ms: number; message?: string };
    const outcomes: Outcome[] = [];
    const round = (which = Object.keys(calls)) =>
      Promise.all(
        which.map(async (what) => {
          const call = calls[what];
          const started = Date.now();
          const reply = await call().catch((error: Error) => ({ status: 0, body: { message: error.message } }));
          const body = reply.body as { message?: string } | string;
          const outcome = { what, status: reply.status, ms: Date.now() - started };
          outcomes.push(typeof body === 'object' ? { ...outcome, message: body?.message } : outcome);
          return outcome;
        }),
      );

    proxy.hold();
    const held = Date.now();
    // Rounds until the pools are worn down: past the pool's own connection timeout, and past the statement timeout.
    while (Date.now() - held < 12_000) await round();
    const duringHold = [...outcomes];
    proxy.release();

    const released = Date.now();
    // Recovery is polled with reads only: a save on every poll would run into the account's write limit (30 a minute).
    const reads = Object.keys(calls).filter((what) => what !== 'save a record');
    await eventually(
      () => round(reads),
      (results) => results.every((result) => result.status === 200),
      30_000,
    );
    const recoveryMs = Date.now() - released;
    const after: Outcome[] = [];
    for (let index = 0; index < 5; index++) after.push(...(await round()));

    const late = duringHold.filter(
      (outcome) =>
        outcome.status === 0 ||
        outcome.ms > (outcome.what === 'card page' ? CARD_PAGE_DEADLINE_MS : REQUEST_DEADLINE_MS) + SLACK_MS,
    );
    reportFault('PostgreSQL replies held for 12 s', {
      requests: outcomes.length + after.length,
      lost: late.length + after.filter((outcome) => outcome.status !== 200).length,
      duplicated: 0,
    });
    expect(late).toEqual([]);
    expect(duringHold.filter((outcome) => outcome.status !== 503)).toEqual([]);
    for (const outcome of duringHold.filter((candidate) => candidate.what !== 'card page'))
      expect(outcome.message).toMatch(/try again/);
    expect(recoveryMs).toBeLessThan(30_000);
    expect(after.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect([...system.stack.processes.values()].map((child) => child.pid)).toEqual(pids);
  }, 150_000);

  it('hands the browser the id a service logged its unexpected failure under', async () => {
    const { client } = await registeredClient(system.url, 'pg-error-id');
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    // A fault nobody planned for: a column the records service reads is gone (a migration gone wrong).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('alter table records.medical_records rename column label_ciphertext to label_gone');
    try {
      const read = await client.get(`/api/medical-records/${created.body.id as string}`);
      expect(read.status).toBe(500);
      expect(read.body.code).toBe('INTERNAL');
      expect(read.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(read.body.message).toBe(`Something went wrong on our side (error id ${read.body.errorId as string}).`);
      // Nothing of the database's own words reaches the browser.
      expect(JSON.stringify(read.body)).not.toContain('label');
      // The same id is on the records service's log line that says what happened.
      await eventually(
        async () =>
          readFileSync(LOG, 'utf8')
            .split('\n')
            .filter((line) => line.includes(read.body.errorId as string)),
        (lines) => lines.some((line) => line.includes('records') && line.includes('label_ciphertext')),
        10_000,
      );
    } finally {
      await db.query('alter table records.medical_records rename column label_gone to label_ciphertext');
      await db.end();
    }
  }, 60_000);
});
