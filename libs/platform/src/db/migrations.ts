import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,30}$/;

/**
 * Applies a service's versioned SQL migrations (`NNNN_name.sql`, in name order) to its own
 * schema, each once, each in a transaction. An advisory lock makes concurrent replicas wait
 * for one another instead of racing. `platformTables` are the platform's own tables the service
 * uses (idempotent DDL, run first): one definition for every service, not a copy in each.
 */
export async function runMigrations(
  url: string,
  schema: string,
  folder: string,
  platformTables: readonly string[] = [],
): Promise<string[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const files = (await readdir(folder)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const client = new pg.Client({ connectionString: url, application_name: `${schema}-migrations` });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await client.query(`create schema if not exists "${schema}"`);
    await client.query(
      `create table if not exists "${schema}".schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    for (const ddl of platformTables) {
      await client.query('begin');
      await client.query(`set local search_path to "${schema}"`);
      await client.query(ddl);
      await client.query('commit');
    }
    const done = new Set(
      (await client.query<{ name: string }>(`select name from "${schema}".schema_migrations`)).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(folder, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(`set local search_path to "${schema}"`);
        await client.query(sql);
        await client.query(`insert into "${schema}".schema_migrations (name) values ($1)`, [file]);
        await client.query('commit');
        applied.push(file);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${schema}/${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
