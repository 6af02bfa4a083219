import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { z } from 'zod';
import { durableEvent } from '@medical-qr/contracts';
import { isolatedDatabaseUrl, PrivateNats } from '@medical-qr/launcher';
import {
  deadLetterAddress,
  dropDatabase,
  natsConnectionOptions,
  ensureDatabase,
  eventAddress,
  EventBus,
  openDatabase,
  ProcessedEvents,
  type DatabaseHandle,
  type DeliveryContext,
} from '@medical-qr/platform';

/** An event declared as a service would in contracts. */
const noteAdded = durableEvent('note.added', z.object({ note: z.string().min(1) }));
/** The same event in a later release: a field added (readers of version 1 ignore it). */
const noteAddedV2 = durableEvent('note.added', z.object({ note: z.string().min(1), mood: z.string() }), 2);
/** A later release still that broke the rule (a field renamed): only its own readers can read it. */
const noteRenamed = durableEvent('note.added', z.object({ text: z.string().min(1) }), 3);
type Note = z.infer<typeof noteAdded.schema>;

const logger = pino({ level: 'silent' });
const FAST_RETRY = { retryDelay: { firstMs: 200, maxMs: 1000 } };
/** Handed back three times, 100 ms apart, instead of ten times over five minutes. */
const FAST_UNREADABLE = { attempts: 3, retryMs: 100 };

/** Polls until `check` passes or the time is up. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('durable events (JetStream, real NATS and PostgreSQL)', () => {
  let nats: PrivateNats;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let namespace: string;
  const buses: EventBus[] = [];

  /** A process of a service called `name`, on this test's namespace. */
  async function processOf(name: string): Promise<EventBus> {
    const bus = await EventBus.connect({ nats: nats.admin, name, namespace, logger });
    buses.push(bus);
    return bus;
  }

  /** The effect a consuming service keeps: one row per handled note, recorded with the event id. */
  function recordingHandler(schema: string, calls: DeliveryContext[] = []) {
    const processed = new ProcessedEvents(database, schema);
    return async (data: Note, context: DeliveryContext) => {
      calls.push(context);
      await processed.once(context, async (tx) => {
        await tx.execute(
          sql`insert into ${sql.identifier(schema)}.notes (event_id, note) values (${context.id}, ${data.note})`,
        );
      });
    };
  }

  async function notes(schema: string): Promise<string[]> {
    return (await database.pool.query<{ note: string }>(`select note from ${schema}.notes order by note`)).rows.map(
      (row) => row.note,
    );
  }

  beforeAll(async () => {
    nats = await PrivateNats.start();
    databaseUrl = isolatedDatabaseUrl('events');
    await ensureDatabase(databaseUrl);
    database = openDatabase(databaseUrl, 'durable-events-test', 4);
  });

  beforeEach(async () => {
    // A fresh namespace per test: its own streams and consumers on the same server.
    namespace = `evt${randomBytes(4).toString('hex')}`;
    for (const schema of ['svc_a', 'svc_b']) {
      await database.pool.query(`drop schema if exists ${schema} cascade; create schema ${schema};
        create table ${schema}.processed_events (event_id text primary key, subject text not null,
          processed_at timestamptz not null default now());
        create table ${schema}.notes (event_id text not null, note text not null);`);
    }
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  afterAll(async () => {
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    await nats?.stop();
  });

  it('keeps an event published while its consumer is down, through a NATS restart, and handles it once', async () => {
    const firstRun = await processOf('svc_a');
    await firstRun.consume(noteAdded, recordingHandler('svc_a'));
    await firstRun.close();

    const producer = await processOf('producer');
    await producer.publish(noteAdded, { note: 'while away' });
    await pause(500);
    expect(await notes('svc_a')).toEqual([]);

    // An outage of NATS itself while the event waits: the stream and the consumer are on disk.
    await nats.kill();
    await nats.resume();

    const calls: DeliveryContext[] = [];
    const secondRun = await processOf('svc_a');
    await secondRun.consume(noteAdded, recordingHandler('svc_a', calls));
    await eventually(async () => (await notes('svc_a')).length > 0, 15_000);
    await pause(1000);
    expect(await notes('svc_a')).toEqual(['while away']);
    expect(calls).toHaveLength(1);
  });

  it('has one effect for one event id: published twice, or delivered again after the effect committed', async () => {
    const producer = await processOf('producer');
    const calls: DeliveryContext[] = [];
    const record = recordingHandler('svc_a', calls);
    let crashAfterEffect = true;
    const consumer = await processOf('svc_a');
    await consumer.consume(
      noteAdded,
      async (data, context) => {
        await record(data, context);
        // As if the process died after committing its effect but before acknowledging.
        if (data.note === 'redelivered' && crashAfterEffect) {
          crashAfterEffect = false;
          throw new Error('crashed before the acknowledgement');
        }
      },
      FAST_RETRY,
    );

    const id = await producer.publish(noteAdded, { note: 'twice' });
    expect(await producer.publish(noteAdded, { note: 'twice' }, { id })).toBe(id);
    await producer.publish(noteAdded, { note: 'redelivered' });

    await eventually(async () => calls.filter((c) => c.deliveryCount === 2).length === 1);
    await pause(800);
    expect(await notes('svc_a')).toEqual(['redelivered', 'twice']);
    expect(calls.map((c) => c.deliveryCount).sort()).toEqual([1, 1, 2]);
  });

  it('retries a failing handler with growing delays until it succeeds, then handles the event once', async () => {
    const producer = await processOf('producer');
    const attempts: number[] = [];
    const record = recordingHandler('svc_a');
    const consumer = await processOf('svc_a');
    await consumer.consume(
      noteAdded,
      async (data, context) => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error('the mail server is down');
        await record(data, context);
      },
      FAST_RETRY,
    );
    await producer.publish(noteAdded, { note: 'third time lucky' });

    await eventually(async () => (await notes('svc_a')).length === 1);
    await pause(1200);
    expect(await notes('svc_a')).toEqual(['third time lucky']);
    expect(attempts).toHaveLength(3);
    const [first, second, third] = attempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(180);
    expect(third - second).toBeGreaterThanOrEqual(380);
  });

  it('hands an unreadable event back a few times, then keeps it in the dead-letter stream, and goes on', async () => {
    const consumer = await processOf('svc_a');
    const calls: DeliveryContext[] = [];
    await consumer.consume(noteAdded, recordingHandler('svc_a', calls), { ...FAST_RETRY, unreadable: FAST_UNREADABLE });
    const { subject, stream } = eventAddress(namespace, noteAdded.subject);
    const raw = await connect(natsConnectionOptions(nats.admin, 'durable-events-test'));
    try {
      raw.publish(subject, 'not json');
      raw.publish(subject, JSON.stringify({ id: 'evt-00000001', occurredAt: new Date().toISOString(), data: {} }));
      await raw.flush();
      const producer = await processOf('producer');
      await producer.publish(noteAdded, { note: 'after the bad ones' });

      await eventually(async () => (await notes('svc_a')).length === 1);
      const manager = await jetstreamManager(raw);
      await eventually(async () => {
        const info = await manager.consumers.info(stream, 'svc_a');
        return info.num_pending + info.num_ack_pending === 0;
      });
      expect(calls).toHaveLength(1);

      // Both are kept, as they came, with where from and why, for an operator to look at and publish again.
      const deadLetters = deadLetterAddress(namespace, 'svc_a');
      expect((await manager.streams.info(deadLetters.stream)).state.messages).toBe(2);
      const kept = await Promise.all([1, 2].map((seq) => manager.streams.getMessage(deadLetters.stream, { seq })));
      expect(kept.map((message) => message!.subject)).toEqual([deadLetters.subject, deadLetters.subject]);
      expect(kept.map((message) => message!.string())).toContain('not json');
      expect(kept.map((message) => message!.header.get('Mqr-Problem')).sort()).toEqual([
        'bad data at note',
        'not JSON',
      ]);
      expect(kept[0]!.header.get('Mqr-Original-Subject')).toBe(subject);
    } finally {
      await raw.close();
    }
  });

  it('lets a consumer built with the previous schema handle an event with a field added since', async () => {
    const older = await processOf('svc_a');
    await older.consume(noteAdded, recordingHandler('svc_a'), { ...FAST_RETRY, unreadable: FAST_UNREADABLE });
    const newer = await processOf('producer');
    await newer.publish(noteAddedV2, { note: 'with a mood', mood: 'calm' });
    await eventually(async () => (await notes('svc_a')).length === 1);
    expect(await notes('svc_a')).toEqual(['with a mood']);
  });

  it('leaves an event only the newer version can read to the newer replica of the same service', async () => {
    // Mid-rollout: one replica still has the old schema, which the new event no longer fits.
    const [oldReplica, newReplica, producer] = await Promise.all(['svc_a', 'svc_a', 'producer'].map(processOf));
    const byOld: DeliveryContext[] = [];
    // Handed back often enough that the new replica surely gets its turn (each pull goes to either).
    const patient = { attempts: 50, retryMs: 50 };
    await oldReplica!.consume(noteAdded, recordingHandler('svc_a', byOld), { unreadable: patient });
    const byNew: string[] = [];
    await newReplica!.consume(
      noteRenamed,
      async (data) => {
        byNew.push(data.text);
      },
      { unreadable: patient },
    );
    await producer!.publish(noteRenamed, { text: 'only v3 reads this' });
    await eventually(async () => byNew.length === 1);
    expect(byNew).toEqual(['only v3 reads this']);
    expect(byOld).toEqual([]);
    const raw = await connect(natsConnectionOptions(nats.admin, 'durable-events-test'));
    try {
      const manager = await jetstreamManager(raw);
      await expect(manager.streams.info(deadLetterAddress(namespace, 'svc_a').stream)).rejects.toThrow(/not found/);
    } finally {
      await raw.close();
    }
  });

  it('gives every service every event once, shared among its replicas; observers on every replica see each', async () => {
    const [replica1, replica2, otherService, producer] = await Promise.all(
      ['svc_a', 'svc_a', 'svc_b', 'producer'].map(processOf),
    );
    const byReplica = { replica1: [] as DeliveryContext[], replica2: [] as DeliveryContext[] };
    await replica1!.consume(noteAdded, recordingHandler('svc_a', byReplica.replica1));
    await replica2!.consume(noteAdded, recordingHandler('svc_a', byReplica.replica2));
    await otherService!.consume(noteAdded, recordingHandler('svc_b'));
    const observed = { replica1: [] as string[], replica2: [] as string[] };
    replica1!.observe(noteAdded, (data) => observed.replica1.push(data.note));
    replica2!.observe(noteAdded, (data) => observed.replica2.push(data.note));

    const sent = Array.from({ length: 20 }, (_, i) => `note ${String(i).padStart(2, '0')}`);
    for (const note of sent) await producer!.publish(noteAdded, { note });

    await eventually(async () => (await notes('svc_a')).length === 20 && (await notes('svc_b')).length === 20);
    await pause(500);
    expect(await notes('svc_a')).toEqual(sent);
    expect(await notes('svc_b')).toEqual(sent);
    expect(byReplica.replica1.length + byReplica.replica2.length).toBe(20);
    expect(observed.replica1.sort()).toEqual(sent);
    expect(observed.replica2.sort()).toEqual(sent);
  });

  it('on shutdown lets the event in hand finish and acknowledges it, so a restart does not repeat it', async () => {
    const producer = await processOf('producer');
    const consumer = await processOf('svc_a');
    const record = recordingHandler('svc_a');
    let started = false;
    await consumer.consume(noteAdded, async (data, context) => {
      started = true;
      await pause(700);
      await record(data, context);
    });
    await producer.publish(noteAdded, { note: 'slow' });
    await eventually(async () => started);
    await consumer.close();
    expect(await notes('svc_a')).toEqual(['slow']);

    const calls: DeliveryContext[] = [];
    const restarted = await processOf('svc_a');
    await restarted.consume(noteAdded, async (_data, context) => {
      calls.push(context);
    });
    await pause(1500);
    expect(calls).toEqual([]);
  });
});
