import 'reflect-metadata';
import { Global, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { z } from 'zod';
import type { QueueDefinition } from '@medical-qr/contracts';
import { AppError } from '../errors/app-error.js';
import { runWithRequestId } from '../logging/correlation.js';
import { createLogger } from '../logging/logger.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { InjectQueue, QueueModule } from './queue.module.js';
import { JobQueue } from './job-queue.js';
import { QueueWorker } from './queue-worker.js';
import { createQueue, createRedisConnection } from './queues.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const greetings: QueueDefinition<{ name: string }> = {
  name: 'greetings-test',
  payload: z.strictObject({ name: z.string().min(1) }),
};

/** Redis connections whose name starts with `prefix` (every queue and worker connection is named so). */
async function connectionsNamed(prefix: string): Promise<string[]> {
  const redis = createRedisConnection(REDIS_URL);
  try {
    const list = (await redis.client('LIST')) as string;
    return list
      .split('\n')
      .map((line) => /\bname=(\S*)/.exec(line)?.[1] ?? '')
      .filter((name) => name.startsWith(prefix));
  } finally {
    redis.disconnect();
  }
}

describe('JobQueue.add', () => {
  it('gives up after its deadline with SERVICE_UNAVAILABLE when Redis does not answer', async () => {
    // Nothing listens on port 1: BullMQ alone would wait for Redis forever.
    const queue = new JobQueue(
      greetings,
      { redisUrl: 'redis://127.0.0.1:1', prefix: 'mqrtest' },
      { addTimeoutMs: 300 },
    );
    const started = Date.now();
    const error = await queue.add('greet', { name: 'Ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('300 ms') });
    expect(Date.now() - started).toBeLessThan(1500);
    await queue.close();
  });
});

describe('a queue and its worker in a Nest application (real Redis)', () => {
  const prefix = `mqrtest${randomBytes(4).toString('hex')}`;
  const lines: Array<Record<string, unknown>> = [];
  const processed: string[] = [];

  @Injectable()
  class GreetingWorker extends QueueWorker<{ name: string }> {
    constructor() {
      super(greetings, { concurrency: 1 });
    }
    async process(job: Job<{ name: string }>) {
      if (job.data.name === 'Grumpy') throw new Error('will not greet Grumpy');
      processed.push(job.data.name);
      this.logger.info({ data: job.data }, 'greeted');
    }
  }

  @Injectable()
  class Greeter {
    constructor(@InjectQueue(greetings) readonly queue: JobQueue<{ name: string }>) {}
  }

  function platformFor() {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    @Global()
    @Module({
      providers: [
        { provide: CONFIG, useValue: { REDIS_URL, REDIS_PREFIX: prefix } },
        { provide: LOGGER, useValue: createLogger('test', 'info', destination) },
      ],
      exports: [CONFIG, LOGGER],
    })
    class TestPlatformModule {}
    @Module({
      imports: [TestPlatformModule, QueueModule.register(greetings)],
      providers: [Greeter, GreetingWorker],
    })
    class GreetingModule {}
    return GreetingModule;
  }

  const until = async (check: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  it('processes valid jobs, fails unreadable ones without losing them, logs failures, and closes every connection with the app', async () => {
    const app = await NestFactory.createApplicationContext(platformFor(), { logger: false });
    app.enableShutdownHooks();
    const { queue } = app.get(Greeter);
    try {
      await runWithRequestId('request-of-ada', () => queue.add('greet', { name: 'Ada' }));
      await queue.add('greet', { nom: 'Bob' } as never, { attempts: 1 });
      await runWithRequestId('request-of-grumpy', () => queue.add('greet', { name: 'Grumpy' }, { attempts: 1 }));
      await until(() => processed.length === 1 && lines.filter((l) => l.level === 40).length >= 2);
      expect(processed).toEqual(['Ada']);
      // The worker logs under the request that queued the job, and sees its payload alone.
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'greeted', requestId: 'request-of-ada', data: { name: 'Ada' } }),
      );
      // A job this version cannot read fails (and is kept among the failed), never completes unseen.
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'greetings-test job failed',
          err: expect.objectContaining({
            message: expect.stringMatching(/^the job's payload does not match what this version reads \(at name/),
          }),
        }),
      );
      const inspector = createQueue(greetings.name, { redisUrl: REDIS_URL, prefix });
      try {
        expect((await inspector.getFailed()).map((job) => job.data)).toContainEqual({ nom: 'Bob' });
      } finally {
        await inspector.close();
      }
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'greetings-test job failed',
          attempt: 1,
          requestId: 'request-of-grumpy',
          err: expect.objectContaining({ message: 'will not greet Grumpy' }),
        }),
      );
      expect((await connectionsNamed(prefix)).length).toBeGreaterThanOrEqual(2);
    } finally {
      const redis = createRedisConnection(REDIS_URL);
      await app.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await until(() => false, 300);
    expect(await connectionsNamed(prefix)).toEqual([]);
  });
});
