import { connect as connectNats } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface Endpoints {
  DATABASE_URL: string;
  REDIS_URL: string;
  NATS_URL: string;
}

/** Where a URL points, without any password it holds. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '(default port)'}`;
  } catch {
    return 'an unparsable URL';
  }
}

const HINTS = {
  postgres:
    'Start PostgreSQL (e.g. `pg_ctlcluster 15 main start`, or `docker compose up -d postgres`), or point DATABASE_URL at a running server.',
  redis:
    'Start Redis (e.g. `redis-server --daemonize yes`, or `docker compose up -d redis`), or point REDIS_URL at a running server.',
  nats: 'Start NATS with JetStream (e.g. `nats-server -js -D &`, or `docker compose up -d nats`), or point NATS_URL at a running server.',
};

async function checkPostgres(url: string) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

async function checkNats(url: string) {
  try {
    const connection = await connectNats({ servers: url, timeout: 3000, maxReconnectAttempts: 0, reconnect: false });
    await connection.close();
  } catch (error) {
    // A locked-down server refuses a connection without credentials: it is there, and each process signs in itself.
    if (/authori[sz]ation/i.test((error as Error).message)) return;
    throw error;
  }
}

export interface UnreachableStore {
  store: keyof typeof HINTS;
  /** Names the variable that points at it and how to start it. */
  message: string;
}

/** Checks that PostgreSQL, Redis and NATS answer; one entry per store that does not. */
export async function findUnreachableStores(endpoints: Endpoints): Promise<UnreachableStore[]> {
  const checks: Array<[string, keyof Endpoints, keyof typeof HINTS, (url: string) => Promise<void>]> = [
    ['PostgreSQL', 'DATABASE_URL', 'postgres', checkPostgres],
    ['Redis', 'REDIS_URL', 'redis', checkRedis],
    ['NATS', 'NATS_URL', 'nats', checkNats],
  ];
  const results = await Promise.all(
    checks.map(async ([name, variable, hint, check]) => {
      try {
        await check(endpoints[variable]);
        return undefined;
      } catch (error) {
        const reason = (error as Error).message || (error as { code?: string }).code || 'no answer';
        const message = `${name} is not answering at ${describeUrl(endpoints[variable])} (${variable}): ${reason}. ${HINTS[hint]}`;
        return { store: hint, message };
      }
    }),
  );
  return results.filter((r): r is UnreachableStore => r !== undefined);
}
