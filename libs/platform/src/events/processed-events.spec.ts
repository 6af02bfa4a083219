import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { dropDatabase, ensureDatabase } from '../db/ensure-database.js';
import { runMigrations } from '../db/migrations.js';
import { PROCESSED_EVENTS_TABLE, ProcessedEvents } from './processed-events.js';

const url = `${process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432'}/mqr_test_processed_${randomBytes(4).toString('hex')}`;

describe('ProcessedEvents forgetting old ids (real PostgreSQL)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    await ensureDatabase(url);
    const empty = await mkdtemp(join(tmpdir(), 'mqr-migrations-'));
    await runMigrations(url, 'consumer', empty, { platformTables: [PROCESSED_EVENTS_TABLE] });
    await rm(empty, { recursive: true, force: true });
    database = openDatabase(url, 'processed-events-spec', 2);
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase(url);
  });

  it('forgets ids past their age again and again while the process runs, not only at start, until it stops', async () => {
    const processed = new ProcessedEvents(database, 'consumer');
    const ids = async () =>
      (await database.pool.query('select event_id from consumer.processed_events order by event_id')).rows.map(
        (row) => row.event_id,
      );
    await processed.once({ id: 'evt-recent-1', subject: 'note.added' }, async () => undefined);
    processed.forgetPeriodically(60_000, 50, pino({ level: 'silent' }));
    try {
      // An id handled long ago, as a process that has run for months would hold.
      await database.pool.query(
        "insert into consumer.processed_events (event_id, subject, processed_at) values ('evt-ancient-1', 'note.added', now() - interval '1 hour')",
      );
      const deadline = Date.now() + 30_000;
      while ((await ids()).includes('evt-ancient-1') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await ids()).toEqual(['evt-recent-1']);
    } finally {
      processed.onModuleDestroy();
    }
    await database.pool.query(
      "insert into consumer.processed_events (event_id, subject, processed_at) values ('evt-ancient-2', 'note.added', now() - interval '1 hour')",
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await ids()).toEqual(['evt-ancient-2', 'evt-recent-1']);
  });
});
