import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,30}$/;
/** A migration file: `NNNN_name.sql`. */
const MIGRATION_FILE = /^\d{4}_[\w-]+\.sql$/;
/**
 * A file that starts with this line runs outside a transaction, one statement at a time (statements end with `;` at
 * the end of a line): what PostgreSQL refuses in one, such as `create index concurrently`. Each statement must be safe
 * to run again (`if not exists`, and `drop index concurrently if exists` before a concurrent build, whose failure
 * leaves an invalid index behind), since a failure part-way leaves the file unrecorded and the next start reruns it.
 */
export const NO_TRANSACTION_MARKER = '-- migration: no transaction';

export interface MigrationOptions {
  /** The platform's own tables the service uses (idempotent DDL, run first every start). */
  platformTables?: readonly string[];
  /**
   * The role the service runs as, when migrations run as another (the schema's owner): it is granted reading and
   * writing the schema's tables and nothing else, so it can neither change the schema nor reach another service's.
   */
  runtimeRole?: string;
  /** How long to wait for another replica's migrations (the advisory lock) before giving up; default 90 s. */
  lockWaitMs?: number;
  /**
   * How long one statement may wait for a table lock (PostgreSQL's lock_timeout; default 5 s). An `alter table` queued
   * behind a long transaction would otherwise block every query on that table behind it: an outage, not a migration.
   */
  statementLockTimeoutMs?: number;
  /** How long connecting may take; default 10 s. */
  connectTimeoutMs?: number;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Holds the schema's migration lock, polling, or throws once `waitMs` has passed. */
async function acquireLock(client: pg.Client, key: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      key,
    ]);
    if (rows[0]?.locked) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `another process has held the migration lock (${key}) for over ${Math.round(waitMs / 1000)} s; ` +
          'is a migration stuck? (pg_locks shows the holder)',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function applyFile(client: pg.Client, schema: string, file: string, sql: string): Promise<void> {
  if (sql.trimStart().startsWith(NO_TRANSACTION_MARKER)) {
    await client.query(`set search_path to ${quoteIdentifier(schema)}`);
    try {
      for (const statement of sql.split(/;\s*$/m).map((part) => part.trim())) {
        if (statement.replace(/^--.*$/gm, '').trim()) await client.query(statement);
      }
      await client.query(`insert into ${quoteIdentifier(schema)}.schema_migrations (name) values ($1)`, [file]);
    } finally {
      await client.query('reset search_path');
    }
    return;
  }
  await client.query('begin');
  try {
    await client.query(`set local search_path to ${quoteIdentifier(schema)}`);
    await client.query(sql);
    await client.query(`insert into ${quoteIdentifier(schema)}.schema_migrations (name) values ($1)`, [file]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function grantRuntimeRole(client: pg.Client, schema: string, role: string): Promise<void> {
  const [s, r] = [quoteIdentifier(schema), quoteIdentifier(role)];
  await client.query(`grant usage on schema ${s} to ${r}`);
  await client.query(`grant select, insert, update, delete on all tables in schema ${s} to ${r}`);
  await client.query(`grant usage, select, update on all sequences in schema ${s} to ${r}`);
}

/**
 * Applies a service's versioned SQL migrations (`NNNN_name.sql`, in name order) to its own schema, each once, each in
 * a transaction unless it says otherwise (NO_TRANSACTION_MARKER). An advisory lock makes concurrent replicas wait for
 * one another instead of racing, for a bounded time; every statement's wait for a table lock is bounded too, so a
 * migration fails (and the process exits, to be restarted) rather than queueing the application's queries behind it.
 */
export async function runMigrations(
  url: string,
  schema: string,
  folder: string,
  options: MigrationOptions = {},
): Promise<string[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const files = (await readdir(folder)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const client = new pg.Client({
    connectionString: url,
    application_name: `${schema}-migrations`,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
  });
  await client.connect();
  const lockKey = `migrations:${schema}`;
  const applied: string[] = [];
  let locked = false;
  try {
    await client.query(`set lock_timeout = ${Math.max(1, Math.round(options.statementLockTimeoutMs ?? 5000))}`);
    await acquireLock(client, lockKey, options.lockWaitMs ?? 90_000);
    locked = true;
    await client.query(`create schema if not exists ${quoteIdentifier(schema)}`);
    await client.query(
      `create table if not exists ${quoteIdentifier(schema)}.schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    for (const ddl of options.platformTables ?? []) {
      await client.query('begin');
      await client.query(`set local search_path to ${quoteIdentifier(schema)}`);
      await client.query(ddl);
      await client.query('commit');
    }
    const done = new Set(
      (await client.query<{ name: string }>(`select name from ${quoteIdentifier(schema)}.schema_migrations`)).rows.map(
        (r) => r.name,
      ),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      try {
        await applyFile(client, schema, file, await readFile(join(folder, file), 'utf8'));
        applied.push(file);
      } catch (error) {
        throw new Error(`Migration ${schema}/${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    if (options.runtimeRole) await grantRuntimeRole(client, schema, options.runtimeRole);
  } finally {
    if (locked) await client.query('select pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
