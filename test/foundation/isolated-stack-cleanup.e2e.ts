import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startIsolatedStack } from '@medical-qr/launcher';

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, page] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...page);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

async function databaseExists(databaseUrl: string): Promise<boolean> {
  const server = new URL(databaseUrl);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    return Boolean((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount);
  } finally {
    await client.end();
  }
}

describe('an isolated system', () => {
  it('leaves nothing behind once stopped: no Redis keys under its prefix, no database, no temp folder', async () => {
    const system = await startIsolatedStack('cleanup');
    const redis = new Redis(system.env.REDIS_URL!);
    try {
      const prefix = system.env.REDIS_PREFIX!;
      // Queues and their schedules are written as the services start.
      expect((await keysUnder(redis, prefix)).length).toBeGreaterThan(0);
      expect(existsSync(system.nats.storeDir)).toBe(true);

      await system.stop();

      expect(await keysUnder(redis, prefix)).toEqual([]);
      expect(existsSync(system.nats.storeDir)).toBe(false);
      expect(await databaseExists(system.env.DATABASE_URL!)).toBe(false);
    } finally {
      await redis.quit();
    }
  });
});
