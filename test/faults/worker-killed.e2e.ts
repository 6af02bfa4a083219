import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Queues } from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { createQueue } from '@medical-qr/platform';
import { registeredClient } from '../support/accounts.js';
import { eventually, pause } from '../support/eventually.js';
import { HttpClient } from '../support/http-client.js';
import { queryDatabase } from '../support/database.js';
import { paymentSystemOf, stripeAdmin, subscribeWithCard, TestCards } from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { reportFault } from './request-stream.js';

const LABEL = 'faults-worker-killed';
const LOG = fileURLToPath(new URL(`../../reports/logs/${LABEL}.log`, import.meta.url));

/**
 * A worker SIGKILLed in the middle of a job, at the worst moment: the effect has already happened (the SMTP server took
 * the mail, a step of an erasure did its part) but the worker dies before it could mark the job done. The queue runs
 * the job again once the dead worker's lock has run out (QUEUE_JOB_LOCK_MS, short here so the test does not wait
 * 30 s and more), and the person sees the effect once: one mail, one cancellation, one erasure in the audit trail.
 */
describe('a worker killed mid-job', () => {
  let system: IsolatedStack;

  beforeAll(async () => {
    system = await startIsolatedStack(LABEL, {
      EMAIL_VERIFICATION: 'false',
      QUEUE_JOB_LOCK_MS: '3000',
    });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });

  /** SIGKILL, no goodbye: as a crashed pod or a lost node. Resolves once the process is gone. */
  async function sigkill(id: string) {
    const child = system.stack.processes.get(id)!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * The jobs of a queue (of one name: a queue's repeating jobs always wait for their next time) not finished yet; a
   * running job stays "active" until its dead worker's lock runs out.
   */
  async function unfinishedJobs(queue: string, name?: string) {
    const jobs = createQueue(queue, { redisUrl: system.env.REDIS_URL!, prefix: system.env.REDIS_PREFIX! });
    try {
      const unfinished = await jobs.getJobs(['active', 'waiting', 'delayed', 'prioritized', 'failed']);
      return unfinished.filter((job) => job && (name === undefined || job.name === name)).length;
    } finally {
      await jobs.close();
    }
  }

  /** What a process logged, as parsed lines (its JSON log lines in the stack's log). */
  const logOf = (process: string) =>
    readFileSync(LOG, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${process} {`))
      .map((line) => {
        try {
          return JSON.parse(line.slice(process.length + 1)) as Record<string, unknown>;
        } catch {
          return {};
        }
      });

  const mailbox = async (email: string) =>
    (await (await fetch(`${system.sandboxUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{
      subject: string;
      links: string[];
      deliveries?: number;
    }>;

  it('sends a mail whose SMTP reply never came once: the job is run again, one mail arrives, and its link works', async () => {
    const { client } = await registeredClient(system.url, 'mail-kill');
    const email = ((await client.get('/api/auth/user')).body as { email: string }).email;

    // The stand-in takes the reset mail into the mailbox, and keeps its "250 accepted" to itself.
    expect((await fetch(`${system.sandboxUrl}/dev/mailbox/hold-reply?to=${email}`, { method: 'POST' })).status).toBe(
      204,
    );
    expect((await new HttpClient(undefined, system.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
    await eventually(
      async () => (await (await fetch(`${system.sandboxUrl}/dev/mailbox/held.json`)).json()) as unknown[],
      (held) => held.length === 1,
      30_000,
    );
    expect(await mailbox(email)).toHaveLength(1);

    await sigkill('identity');
    await system.stack.restart('identity');
    // Run again and done: the job leaves the queue once the second sending was accepted.
    await eventually(
      () => unfinishedJobs(Queues.identityMail.name),
      (count) => count === 0,
      60_000,
    );
    await pause(1500); // time for a third sending to show up
    const mails = (await mailbox(email)).filter((mail) => /Reset your/.test(mail.subject));
    reportFault('identity SIGKILLed while SMTP held its reply to a reset mail', {
      requests: 1,
      lost: mails.length === 0 ? 1 : 0,
      duplicated: Math.max(0, mails.length - 1),
    });
    expect(mails).toHaveLength(1);
    // Sent twice (the first time and the retry), shown once, as a mailbox shows one message-id.
    expect(mails[0]!.deliveries).toBe(2);

    const link = mails[0]!.links.find((candidate) => candidate.startsWith(system.url))!;
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const reset = await new HttpClient(undefined, system.url).post('/api/auth/reset-password', {
      token: link.split('/').pop(),
      password: 'mail-kill-new-pass',
    });
    expect(reset.status).toBe(200);
    expect(
      (await new HttpClient(undefined, system.url).post('/api/auth/login', { email, password: 'mail-kill-new-pass' }))
        .status,
    ).toBe(200);
  }, 120_000);

  it('erases a person once when privacy is killed while a step of the erasure is under way', async () => {
    const label = 'erase-kill';
    const { client, userId } = await registeredClient(system.url, label);
    const email = ((await client.get('/api/auth/user')).body as { email: string }).email;
    const payments = paymentSystemOf(system);
    const { confirmation } = await subscribeWithCard(client, TestCards.succeeds, system.url);
    expect(confirmation.status).toBe(200);
    await client.post('/api/activate-premium', {});
    const [subscription] = await eventually(
      () =>
        queryDatabase<{ id: string; status: string }>(
          payments,
          'select stripe_subscription_id as id, status from billing.subscriptions where user_id = $1',
          [userId],
        ),
      (rows) => rows[0]?.status === 'active',
      30_000,
    );
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);
    expect((await client.post('/api/auth/verify-password', { email, password: `${label}-pass-1` })).status).toBe(200);

    // Records does not answer for a moment: its step (after the shop's and billing's) is under way when privacy dies.
    const records = system.stack.processes.get('records')!;
    records.kill('SIGSTOP');
    try {
      expect((await client.post('/api/privacy/request-deletion', { immediate: true })).status).toBe(200);
      await eventually(
        () =>
          logOf('privacy')
            .filter((line) => line.msg === 'erasure step done')
            .map((line) => line.step),
        (steps) => steps.includes('billing'),
        30_000,
      );
      await pause(300); // the records step's request is out
      await sigkill('privacy');
    } finally {
      records.kill('SIGCONT');
    }
    await system.stack.restart('privacy');

    await eventually(
      async () =>
        (
          await queryDatabase<{ n: string }>(
            payments,
            `select (select count(*) from identity.users where id = $1)
                  + (select count(*) from privacy.deletion_requests where user_id = $1) as n`,
            [userId],
          )
        )[0]!.n,
      (left) => Number(left) === 0,
      60_000,
    );
    await eventually(
      () => unfinishedJobs(Queues.privacyErasure.name, 'erase'),
      (count) => count === 0,
      30_000,
    );
    await pause(1500); // time for a second run to show up

    const stripe = stripeAdmin(payments);
    expect((await stripe.subscriptions.retrieve(subscription!.id)).status).toBe('canceled');
    const cancellations = (await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 })).data.filter(
      (event) => (event.data.object as { id: string }).id === subscription!.id,
    );
    const [{ pseudonym }] = await queryDatabase<{ pseudonym: string }>(
      payments,
      'select pseudonym from privacy.erased_subjects where subject_hash = $1',
      [createHash('sha256').update(`erased-subject:${userId}`).digest('hex')],
    );
    const trail = (
      await queryDatabase<{ action: string }>(
        payments,
        'select action from privacy.audit_log where user_id = $1 order by id',
        [pseudonym],
      )
    ).map((row) => row.action);
    const completed = trail.filter((action) => action === 'privacy.erasure.completed').length;
    const runs = logOf('privacy').filter((line) => line.msg === 'erasure step done' && line.step === 'shop').length;
    reportFault('privacy SIGKILLed mid-erasure (records step under way)', {
      requests: 1,
      lost: completed === 0 ? 1 : 0,
      duplicated: Math.max(0, cancellations.length - 1) + Math.max(0, completed - 1),
    });
    // The job ran again after the kill (the shop's step twice), and every effect is there once.
    expect(runs).toBe(2);
    expect(cancellations).toHaveLength(1);
    expect(completed).toBe(1);
    expect(trail.filter((action) => action === 'privacy.deletion.requested')).toHaveLength(1);
    const leftovers = await queryDatabase<{ n: string }>(
      payments,
      `select (select count(*) from records.medical_records where user_id = $1)
            + (select count(*) from billing.subscriptions where user_id = $1)
            + (select count(*) from privacy.consent_events where user_id = $1) as n`,
      [userId],
    );
    expect(Number(leftovers[0]!.n)).toBe(0);
    expect(
      (await new HttpClient(undefined, system.url).post('/api/auth/login', { email, password: `${label}-pass-1` }))
        .status,
    ).toBe(401);
    expect((await new HttpClient(undefined, system.url).get(`/api/emergency-card/${record.body.token}`)).status).toBe(
      404,
    );
  }, 120_000);
});
