import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import pg from 'pg';
import { DurableEvents } from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { createLogger, eventAddress, EventBus, natsConnectionOptions } from '@medical-qr/platform';
import { billingStandIn } from '../support/billing-stand-in.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';
import { eventually, pause } from '../support/eventually.js';

const LOG = fileURLToPath(new URL('../../reports/logs/premium-lifetime.log', import.meta.url));
const FREE_LIFETIME_MS = 10_000;

interface OwnedRecord {
  id: string;
  token: string;
  isActive: boolean;
  expiresAt: string | null;
}

/**
 * Records follow premium, driven by `subscription.updated` events as billing publishes them, with
 * a stand-in answering for billing (premium is whatever the test says) and free codes living 10 s.
 */
describe('records follow premium (subscription.updated)', () => {
  let system: IsolatedStack;
  let nats: NatsConnection;
  let events: EventBus;
  let db: pg.Client;
  let queue: Queue;
  const premium = new Set<string>();
  let standIn: Subscription[] = [];

  beforeAll(async () => {
    system = await startIsolatedStack('premium-lifetime', {
      EMAIL_VERIFICATION: 'false',
      QR_TTL_USER: `${FREE_LIFETIME_MS / 1000}s`,
      // Only the codes' own expiry jobs switch them off here, never the sweep.
      EXPIRY_SWEEP_INTERVAL_MS: String(3600_000),
    });
    nats = await connect(natsConnectionOptions(system.nats.admin, 'premium-lifetime-test'));
    const billing = system.stack.processes.get('billing')!;
    billing.kill('SIGTERM');
    if (billing.exitCode === null) await new Promise((resolve) => billing.once('exit', resolve));
    billingAnswers();
    events = await EventBus.connect({
      nats: system.nats.admin,
      name: 'premium-lifetime-test',
      namespace: system.env.REDIS_PREFIX!,
      logger: createLogger('premium-lifetime-test', 'silent'),
    });
    db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
    queue = new Queue('records-expiry', {
      connection: { url: system.env.REDIS_URL },
      prefix: `${system.env.REDIS_PREFIX}:bull`,
    });
  });
  afterAll(async () => {
    billingSilent();
    await queue?.close();
    await db?.end();
    await events?.close();
    await nats?.close();
    await system?.stop();
  });

  function billingAnswers() {
    standIn = billingStandIn(nats, (userId) => premium.has(userId));
  }
  function billingSilent() {
    for (const subscription of standIn.splice(0)) subscription.unsubscribe();
  }

  async function owner() {
    const client = new HttpClient(undefined, system.url);
    const registered = await client.post('/api/auth/register', {
      firstName: 'Rosalind',
      lastName: 'Franklin',
      email: uniqueEmail('premium-lifetime'),
      password: 'lifetime-pass',
    });
    expect(registered.status).toBe(201);
    const userId = registered.body.user.id as string;
    return {
      userId,
      async create(): Promise<OwnedRecord> {
        const created = await client.post('/api/medical-records', medicalForm());
        expect(created.status).toBe(200);
        return created.body as OwnedRecord;
      },
      async record(id: string): Promise<OwnedRecord> {
        const list = (await client.get('/api/medical-records')).body.records as OwnedRecord[];
        return list.find((record) => record.id === id)!;
      },
    };
  }

  const premiumChanged = (userId: string, isPremium: boolean, id?: string) =>
    events.publish(
      DurableEvents.subscriptionUpdated,
      { userId, isPremium, expiresAt: isPremium ? new Date(Date.now() + 30 * 24 * 3600_000).toISOString() : null },
      { id },
    );
  const cardStatus = async (token: string) => (await fetch(`${system.url}/api/emergency-card/${token}`)).status;
  const recordsLog = () =>
    readFileSync(LOG, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('records'));

  it('lifts a free code at once when premium begins; its first expiry then does nothing', async () => {
    const rosalind = await owner();
    const record = await rosalind.create();
    expect(record.expiresAt).not.toBeNull();
    const firstExpiry = new Date(record.expiresAt!).getTime();

    premium.add(rosalind.userId);
    await premiumChanged(rosalind.userId, true);

    const lifted = await eventually(
      () => rosalind.record(record.id),
      (current) => current.expiresAt === null,
    );
    expect(lifted).toMatchObject({ isActive: true, expiresAt: null });
    // The code's own expiry job runs when the free lifetime would have ended, and leaves it on.
    await pause(Math.max(0, firstExpiry - Date.now()));
    await eventually(
      () => queue.getJobState(`expire-${record.id}`),
      (state) => state === 'completed',
    );
    expect(await cardStatus(record.token)).toBe(200);
    expect(await rosalind.record(record.id)).toMatchObject({ isActive: true, expiresAt: null });
  });

  it('gives a free lifetime from the moment premium ends, not from creation, and the code expires then', async () => {
    const rosalind = await owner();
    premium.add(rosalind.userId);
    const record = await rosalind.create();
    expect(record.expiresAt).toBeNull();
    const createdAt = Date.now();
    await pause(3000);

    premium.delete(rosalind.userId);
    const endedAt = Date.now();
    await premiumChanged(rosalind.userId, false);

    const limited = await eventually(
      () => rosalind.record(record.id),
      (current) => current.expiresAt !== null,
    );
    const expiresAt = new Date(limited.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(endedAt + FREE_LIFETIME_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + FREE_LIFETIME_MS);
    expect(expiresAt).toBeGreaterThan(createdAt + FREE_LIFETIME_MS + 2000); // not counted from creation
    expect(await cardStatus(record.token)).toBe(200);

    await pause(Math.max(0, expiresAt - Date.now()) + 200);
    expect(await cardStatus(record.token)).toBe(410);
    // Its new job, not the sweep, switched it off.
    await eventually(
      () => rosalind.record(record.id),
      (current) => !current.isActive,
    );
    expect(await queue.getJobState(`expire-${record.id}-${expiresAt}`)).toBe('completed');
  });

  it('acts once per event: the same event delivered again changes nothing, whatever billing says by then', async () => {
    const rosalind = await owner();
    const record = await rosalind.create();
    premium.add(rosalind.userId);
    const eventId = randomUUID();
    await premiumChanged(rosalind.userId, true, eventId);
    await eventually(
      () => rosalind.record(record.id),
      (current) => current.expiresAt === null,
    );

    // Premium ends, but its event is still on the way when the first one arrives a second time
    // (as after a lost acknowledgement): the stream stores the very same envelope again.
    premium.delete(rosalind.userId);
    const envelope = {
      id: eventId,
      occurredAt: new Date().toISOString(),
      data: { userId: rosalind.userId, isPremium: true, expiresAt: null },
    };
    const subject = eventAddress(system.env.REDIS_PREFIX!, DurableEvents.subscriptionUpdated.subject).subject;
    await jetstream(nats).publish(subject, JSON.stringify(envelope));

    // Records handles events one at a time, in order: once a later event is applied, the copy was handled.
    const marker = await owner();
    const markerRecord = await marker.create();
    premium.add(marker.userId);
    await premiumChanged(marker.userId, true);
    await eventually(
      () => marker.record(markerRecord.id),
      (current) => current.expiresAt === null,
    );
    expect(recordsLog().filter((line) => line.includes('already applied') && line.includes(eventId))).toHaveLength(1);
    expect(await rosalind.record(record.id)).toMatchObject({ isActive: true, expiresAt: null });
    const { rows } = await db.query('select subject from records.processed_events where event_id = $1', [eventId]);
    expect(rows).toEqual([{ subject: 'subscription.updated' }]);

    // Its own event, when it comes, does give the free lifetime.
    await premiumChanged(rosalind.userId, false);
    await eventually(
      () => rosalind.record(record.id),
      (current) => current.expiresAt !== null,
    );
  });

  it('keeps an event while billing does not answer, and applies it once billing is back', async () => {
    const rosalind = await owner();
    premium.add(rosalind.userId);
    const record = await rosalind.create();
    expect(record.expiresAt).toBeNull();

    billingSilent();
    premium.delete(rosalind.userId);
    const eventId = randomUUID();
    await premiumChanged(rosalind.userId, false, eventId);
    await eventually(
      async () => recordsLog().filter((line) => line.includes('event not handled yet') && line.includes(eventId)),
      (retries) => retries.length > 0,
    );
    expect(await rosalind.record(record.id)).toMatchObject({ expiresAt: null, isActive: true });

    billingAnswers();
    const limited = await eventually(
      () => rosalind.record(record.id),
      (current) => current.expiresAt !== null,
      40_000,
    );
    expect(new Date(limited.expiresAt!).getTime()).toBeGreaterThan(Date.now());
  }, 90_000);
});
