import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { watchPool } from '../metrics/database-metrics.js';

export type Database = NodePgDatabase<Record<string, never>>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
  /** Round-trip time of `select 1`, in ms; throws when the server does not answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** One pool per process. Queries time out rather than hang when the server stalls. */
export function openDatabase(url: string, applicationName: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: 3000,
    statement_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const unwatch = watchPool(pool);
  const db = drizzle(pool) as Database;
  return {
    pool,
    db,
    async ping() {
      const started = performance.now();
      await pool.query('select 1');
      return Math.round(performance.now() - started);
    },
    close: () => {
      unwatch();
      return pool.end();
    },
  };
}
