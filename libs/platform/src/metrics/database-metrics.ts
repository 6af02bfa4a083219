import { Gauge } from 'prom-client';
import type pg from 'pg';
import { metricsRegistry } from './metrics-registry.js';

/** The process's pool (one per process), read at scrape time. */
const pools = new Set<pg.Pool>();

/**
 * Callers queued for a PostgreSQL connection because every one in the pool is in use: above 0 for minutes, the pool
 * (DATABASE_POOL_MAX) or the database is too small for the load (docs/deployment.md, the sizing table).
 */
new Gauge({
  name: 'pg_pool_waiting_requests',
  help: 'Queries waiting for a connection from this process’s PostgreSQL pool (read at scrape time)',
  registers: [metricsRegistry],
  collect() {
    this.set([...pools].reduce((sum, pool) => sum + pool.waitingCount, 0));
  },
});

/** Counts `pool` in pg_pool_waiting_requests; answers the function that stops counting it. */
export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}
