import { Queue, Worker, type Processor, type WorkerOptions, type QueueOptions } from 'bullmq';
import { Redis } from 'ioredis';

/** BullMQ wants its own connections with retries forever and no per-command retry limit. */
export function createRedisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

export interface QueueSettings {
  redisUrl: string;
  /** The system's Redis prefix; queues live under `{prefix}:bull`. */
  prefix: string;
}

export function createQueue<T>(name: string, settings: QueueSettings, options: Partial<QueueOptions> = {}): Queue<T> {
  return new Queue<T>(name, {
    connection: createRedisConnection(settings.redisUrl),
    prefix: `${settings.prefix}:bull`,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    },
    ...options,
  });
}

export function createWorker<T>(
  name: string,
  processor: Processor<T>,
  settings: QueueSettings,
  options: Partial<WorkerOptions> = {},
): Worker<T> {
  return new Worker<T>(name, processor, {
    connection: createRedisConnection(settings.redisUrl),
    prefix: `${settings.prefix}:bull`,
    concurrency: 5,
    ...options,
  });
}
