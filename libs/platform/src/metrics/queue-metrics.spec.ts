import 'reflect-metadata';
import { Global, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { z } from 'zod';
import type { QueueDefinition } from '@medical-qr/contracts';
import { JobQueue } from '../queues/job-queue.js';
import { QueueWorker } from '../queues/queue-worker.js';
import { createRedisConnection } from '../queues/queues.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { metricsRegistry } from './metrics-registry.js';
import { reportQueueJobCounts } from './queue-metrics.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `mqrtest${randomBytes(4).toString('hex')}`;
const settings = { redisUrl: REDIS_URL, prefix };
const definition = (name: string): QueueDefinition<{ n: number }> => ({
  name,
  payload: z.strictObject({ n: z.number() }),
});

/** The value of each `queue_jobs` series of `queue`, by state, as a scrape reads it. */
async function jobCounts(queue: string): Promise<Record<string, number>> {
  const metric = await metricsRegistry.getSingleMetric('queue_jobs')!.get();
  return Object.fromEntries(
    metric.values.filter((v) => v.labels.queue === queue).map((v) => [String(v.labels.state), v.value]),
  );
}

async function failures(queue: string): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric('queue_job_failures_total')!.get();
  return metric.values.find((v) => v.labels.queue === queue)?.value;
}

afterAll(async () => {
  const redis = createRedisConnection(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('queue metrics (real Redis)', () => {
  it('reads the job counts of a queue at scrape time, and stops with the queue', async () => {
    const queue = new JobQueue(definition('counted-test'), settings);
    await queue.add('later', { n: 1 }, { delay: 60_000 });
    await queue.add('later', { n: 2 }, { delay: 60_000 });
    await queue.add('now', { n: 3 });
    expect(await jobCounts('counted-test')).toEqual({ waiting: 1, active: 0, delayed: 2, failed: 0 });
    await queue.close();
    expect(await jobCounts('counted-test')).toEqual({});
  });

  it('leaves out a queue this process only adds to', async () => {
    const queue = new JobQueue(definition('someone-elses-test'), settings, { reportJobCounts: false });
    await queue.add('now', { n: 1 });
    expect(await jobCounts('someone-elses-test')).toEqual({});
    await queue.close();
  });

  it('answers in time without a queue whose Redis does not answer', async () => {
    // What BullMQ does while Redis is away: wait for it, forever.
    const stopReporting = reportQueueJobCounts('lost-test', () => new Promise(() => undefined));
    const started = Date.now();
    expect(await jobCounts('lost-test')).toEqual({});
    expect(Date.now() - started).toBeLessThan(2000);
    stopReporting();
  });

  it('counts the failed attempts of a worker and reports the queue it works', async () => {
    const worked = definition('worked-test');
    @Injectable()
    class FailingWorker extends QueueWorker<{ n: number }> {
      attempts = 0;
      constructor() {
        super(worked, { concurrency: 1 });
      }
      async process() {
        this.attempts++;
        throw new Error('cannot do it');
      }
    }
    @Global()
    @Module({
      providers: [
        { provide: CONFIG, useValue: { REDIS_URL, REDIS_PREFIX: prefix } },
        { provide: LOGGER, useValue: pino({ level: 'silent' }) },
        FailingWorker,
      ],
    })
    class WorkerModule {}
    const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    // Added from elsewhere (another process, say): this one only works the queue.
    const producer = new JobQueue(worked, settings, { reportJobCounts: false });
    try {
      await producer.add('try', { n: 1 }, { attempts: 2, backoff: { type: 'fixed', delay: 10 } });
      const worker = app.get(FailingWorker);
      const deadline = Date.now() + 10_000;
      while ((await failures('worked-test')) !== 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(worker.attempts).toBe(2);
      expect(await failures('worked-test')).toBe(2);
      expect(await jobCounts('worked-test')).toMatchObject({ failed: 1, waiting: 0, active: 0 });
    } finally {
      await producer.close();
      await app.close();
    }
    expect(await jobCounts('worked-test')).toEqual({});
  });
});
