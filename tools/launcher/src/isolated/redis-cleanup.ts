import { Redis } from 'ioredis';

const GLOB_SPECIALS = /[*?[\]\\]/g;

/**
 * Deletes every key under `${prefix}:` (sessions, rate limits, queues) and says how many. SCAN walks the keyspace a
 * page at a time and UNLINK frees memory in the background, so a shared Redis is never blocked the way KEYS would.
 */
export async function removeRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  await redis.connect();
  const pattern = `${prefix.replace(GLOB_SPECIALS, '\\$&')}:*`;
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) removed += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
  return removed;
}
