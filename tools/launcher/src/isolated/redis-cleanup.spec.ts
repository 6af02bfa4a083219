import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { removeRedisKeys } from './redis-cleanup.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('removeRedisKeys', () => {
  const redis = new Redis(REDIS_URL);
  afterAll(() => redis.quit());

  it('removes every key under the prefix, page after page, and nothing of another prefix', async () => {
    const prefix = `mqrtest${randomBytes(4).toString('hex')}`;
    const neighbour = `${prefix}x`;
    const write = redis.pipeline();
    for (let i = 0; i < 1500; i++) write.set(`${prefix}:rl:${i}`, '1');
    write.hset(`${prefix}:bull:expiry:meta`, 'opts', '{}');
    write.rpush(`${prefix}:bull:expiry:wait`, 'job');
    write.set(`${neighbour}:session:kept`, 'yes');
    write.set(prefix, 'not under the prefix');
    await write.exec();

    expect(await removeRedisKeys(REDIS_URL, prefix)).toBe(1502);
    expect((await redis.scan('0', 'MATCH', `${prefix}:*`, 'COUNT', 10_000))[1]).toEqual([]);
    expect(await redis.get(`${neighbour}:session:kept`)).toBe('yes');
    expect(await redis.get(prefix)).toBe('not under the prefix');
    await redis.unlink(`${neighbour}:session:kept`, prefix);
  });
});
