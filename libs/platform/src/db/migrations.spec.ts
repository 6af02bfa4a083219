import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from './ensure-database.js';
import { PROCESSED_EVENTS_TABLE } from '../events/processed-events.js';
import { runMigrations } from './migrations.js';

const url = `${process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432'}/mqr_test_migrations_${randomBytes(4).toString('hex')}`;

async function query(sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('runMigrations (real PostgreSQL)', () => {
  let folder: string;

  beforeAll(async () => {
    expect(await ensureDatabase(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
    folder = await mkdtemp(join(tmpdir(), 'mqr-migrations-'));
    await writeFile(join(folder, '0001_notes.sql'), 'create table notes (id serial primary key, body text not null);');
    await writeFile(join(folder, '0002_seed.sql'), "insert into notes (body) values ('first');");
    await writeFile(join(folder, 'README.md'), 'not a migration');
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await dropDatabase(url);
  });

  it('applies each migration once, in order, inside the service schema, even with replicas racing', async () => {
    const results = await Promise.all([1, 2, 3].map(() => runMigrations(url, 'demo', folder)));
    expect(results.flat().sort()).toEqual(['0001_notes.sql', '0002_seed.sql']);
    expect(await query('select body from demo.notes')).toEqual([{ body: 'first' }]);
    expect(await runMigrations(url, 'demo', folder)).toEqual([]);
  });

  it('rolls a failing migration back whole and names it', async () => {
    await writeFile(
      join(folder, '0003_broken.sql'),
      "insert into notes (body) values ('half'); select * from missing_table;",
    );
    await expect(runMigrations(url, 'demo', folder)).rejects.toThrow(
      /Migration demo\/0003_broken.sql failed: .*missing_table/,
    );
    expect(await query('select count(*)::int as n from demo.notes')).toEqual([{ n: 1 }]);
    expect(await query("select name from demo.schema_migrations where name = '0003_broken.sql'")).toEqual([]);
  });

  it("gives a service the platform's own tables, from one definition, every start without harm", async () => {
    const service = await mkdtemp(join(tmpdir(), 'mqr-migrations-'));
    try {
      await writeFile(join(service, '0001_orders.sql'), 'create table orders (id serial primary key);');
      for (let start = 0; start < 2; start++) await runMigrations(url, 'consumer', service, [PROCESSED_EVENTS_TABLE]);
      const tables = await query("select table_name from information_schema.tables where table_schema = 'consumer'");
      expect(tables.map((row) => row.table_name).sort()).toEqual(['orders', 'processed_events', 'schema_migrations']);
      // Recorded as the service's own migrations are not: the platform's DDL is idempotent and runs every start.
      expect(await query('select name from consumer.schema_migrations')).toEqual([{ name: '0001_orders.sql' }]);
    } finally {
      await rm(service, { recursive: true, force: true });
    }
  });

  it('refuses schema names that could inject SQL', async () => {
    await expect(runMigrations(url, 'demo"; drop table x; --', folder)).rejects.toThrow('Invalid schema name');
  });
});
