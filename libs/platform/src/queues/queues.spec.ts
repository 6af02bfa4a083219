import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { createQueue, createRedisConnection, createWorker, queueSettingsOf } from './queues.js';

const settings = {
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  prefix: `mqrtest${randomBytes(4).toString('hex')}`,
};

describe('BullMQ queues (real Redis)', () => {
  it('runs a delayed job once, at its time, under the system prefix', async () => {
    const queue = createQueue<{ recordId: string }>('expire-test', settings);
    const done: Array<{ id: string; at: number }> = [];
    const worker = createWorker<{ recordId: string }>(
      'expire-test',
      async (job: Job<{ recordId: string }>) => {
        done.push({ id: job.data.recordId, at: Date.now() });
      },
      settings,
    );
    try {
      const queuedAt = Date.now();
      await queue.add('expire', { recordId: 'r1' }, { delay: 300, jobId: 'expire-r1' });
      await queue.add('expire', { recordId: 'r1' }, { delay: 300, jobId: 'expire-r1' }); // same id: not queued twice
      const deadline = Date.now() + 10_000;
      while (done.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(done.map((d) => d.id)).toEqual(['r1']);
      expect(done[0]!.at - queuedAt).toBeGreaterThanOrEqual(290);
      const redis = createRedisConnection(settings.redisUrl);
      const keys = await redis.keys(`${settings.prefix}:bull:expire-test:*`);
      redis.disconnect();
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('queue settings', () => {
  it("give workers the configured job lock (and as often a stalled-job check), or BullMQ's own (30 s each)", async () => {
    const configured = queueSettingsOf({
      REDIS_URL: settings.redisUrl,
      REDIS_PREFIX: settings.prefix,
      QUEUE_JOB_LOCK_MS: 3000,
    });
    const plain = queueSettingsOf({ REDIS_URL: settings.redisUrl, REDIS_PREFIX: settings.prefix });
    const workers = [
      createWorker('settings-test', async () => undefined, configured, { autorun: false }),
      createWorker('settings-test', async () => undefined, plain, { autorun: false }),
    ];
    try {
      expect(workers.map(({ opts }) => [opts.lockDuration, opts.stalledInterval])).toEqual([
        [3000, 3000],
        [30000, 30000],
      ]);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });
});
