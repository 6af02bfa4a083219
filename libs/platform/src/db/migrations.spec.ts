import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from './ensure-database.js';
import { PROCESSED_EVENTS_TABLE } from '../events/processed-events.js';
import { NO_TRANSACTION_MARKER, runMigrations } from './migrations.js';

const url = `${process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432'}/mqr_test_migrations_${randomBytes(4).toString('hex')}`;

async function query(sql: string, as = url) {
  const client = new pg.Client({ connectionString: as });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A folder of its own holding `files`, removed after `use`. */
async function withMigrations(files: Record<string, string>, use: (folder: string) => Promise<void>) {
  const folder = await mkdtemp(join(tmpdir(), 'mqr-migrations-'));
  try {
    for (const [name, sql] of Object.entries(files)) await writeFile(join(folder, name), sql);
    await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
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
      for (let start = 0; start < 2; start++)
        await runMigrations(url, 'consumer', service, { platformTables: [PROCESSED_EVENTS_TABLE] });
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

  it('gives up, naming the lock, when another process holds the migration lock past the wait', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock(hashtext('migrations:waiting'))");
      await withMigrations({ '0001_t.sql': 'create table t (id int);' }, async (migrations) => {
        const started = Date.now();
        await expect(runMigrations(url, 'waiting', migrations, { lockWaitMs: 600 })).rejects.toThrow(
          /another process has held the migration lock \(migrations:waiting\) for over 1 s/,
        );
        expect(Date.now() - started).toBeGreaterThanOrEqual(600);
        await holder.query("select pg_advisory_unlock(hashtext('migrations:waiting'))");
        expect(await runMigrations(url, 'waiting', migrations, { lockWaitMs: 600 })).toEqual(['0001_t.sql']);
      });
    } finally {
      await holder.end();
    }
  });

  it('fails a migration that waits on a table lock, instead of queueing every query behind it', async () => {
    await withMigrations({ '0001_t.sql': 'create table busy (id int);' }, async (migrations) => {
      await runMigrations(url, 'locked', migrations);
    });
    // A long transaction has read the table: an `alter table` would wait for it, and every later query for the alter.
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('select * from locked.busy');
      await withMigrations(
        { '0001_t.sql': 'create table busy (id int);', '0002_alter.sql': 'alter table busy add column note text;' },
        async (migrations) => {
          await expect(runMigrations(url, 'locked', migrations, { statementLockTimeoutMs: 300 })).rejects.toThrow(
            /Migration locked\/0002_alter.sql failed: canceling statement due to lock timeout/,
          );
          // Others were never stuck behind it, and it applies once the reader is done.
          expect(await query('select count(*)::int as n from locked.busy')).toEqual([{ n: 0 }]);
          await reader.query('commit');
          expect(await runMigrations(url, 'locked', migrations, { statementLockTimeoutMs: 300 })).toEqual([
            '0002_alter.sql',
          ]);
        },
      );
    } finally {
      await reader.end();
    }
  });

  it('runs a file marked so outside a transaction, as `create index concurrently` needs', async () => {
    await withMigrations(
      {
        '0001_t.sql': "create table people (name text); insert into people values ('a');",
        '0002_index.sql': [
          NO_TRANSACTION_MARKER,
          '-- A failed concurrent build leaves an invalid index: drop it first, so a rerun builds it again.',
          'drop index concurrently if exists people_by_name;',
          'create index concurrently if not exists people_by_name on people (name);',
        ].join('\n'),
      },
      async (migrations) => {
        expect(await runMigrations(url, 'concurrent', migrations)).toEqual(['0001_t.sql', '0002_index.sql']);
        expect(
          await query("select indexname from pg_indexes where schemaname = 'concurrent' and tablename = 'people'"),
        ).toEqual([{ indexname: 'people_by_name' }]);
        expect(await runMigrations(url, 'concurrent', migrations)).toEqual([]);
      },
    );
  });

  it("grants a service's own runtime role its schema's rows only: not another schema, not the append-only trigger", async () => {
    const suffix = randomBytes(3).toString('hex');
    const [alpha, beta] = [`mqr_test_alpha_${suffix}`, `mqr_test_beta_${suffix}`];
    const as = (role: string) => url.replace('postgres://postgres@', `postgres://${role}@`);
    await query(`create role ${alpha} login; create role ${beta} login`);
    try {
      await withMigrations(
        {
          '0001_log.sql': `
            create table log (id serial primary key, entry text not null);
            create function log_is_append_only() returns trigger language plpgsql as
              $$ begin raise exception 'the log is append-only'; end $$;
            create trigger log_append_only before update or delete on log
              for each row execute function log_is_append_only();`,
        },
        (migrations) => runMigrations(url, 'alpha', migrations, { runtimeRole: alpha }).then(() => undefined),
      );
      await withMigrations({ '0001_t.sql': 'create table secrets (id int);' }, (migrations) =>
        runMigrations(url, 'beta', migrations, { runtimeRole: beta }).then(() => undefined),
      );

      // Its own rows: yes, with the sequence behind the id.
      await query(`insert into alpha.log (entry) values ('viewed')`, as(alpha));
      expect(await query('select entry from alpha.log', as(alpha))).toEqual([{ entry: 'viewed' }]);
      await expect(query(`update alpha.log set entry = 'forged'`, as(alpha))).rejects.toThrow(/append-only/);
      // Another service's schema, the trigger, the schema itself: no.
      await expect(query('select * from beta.secrets', as(alpha))).rejects.toThrow(/permission denied for schema beta/);
      await expect(query('alter table alpha.log disable trigger log_append_only', as(alpha))).rejects.toThrow(
        /must be owner of table log/,
      );
      await expect(query('drop trigger log_append_only on alpha.log', as(alpha))).rejects.toThrow(
        /must be owner of (table|relation) log/,
      );
      await expect(query('create table alpha.extra (id int)', as(alpha))).rejects.toThrow(
        /permission denied for schema alpha/,
      );
    } finally {
      await query(`drop owned by ${alpha}, ${beta}; drop role ${alpha}; drop role ${beta}`);
    }
  });
});
