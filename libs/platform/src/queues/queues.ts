import { Queue, Worker, type ConnectionOptions, type Processor, type QueueOptions, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { BaseEnv } from '../config/env-schemas.js';

/** BullMQ wants its own connections with retries forever and no per-command retry limit. */
export function createRedisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

export interface QueueSettings {
  redisUrl: string;
  /** The system's Redis prefix; queues live under `{prefix}:bull`. */
  prefix: string;
  /**
   * A worker's lock on a running job, and how often workers look for jobs whose worker died (BullMQ's `lockDuration`
   * and `stalledInterval`, 30 s each by default): a job left running by a killed worker runs again within about twice
   * this.
   */
  jobLockMs?: number;
}

/** Where a process's queues live, from its validated configuration. */
export function queueSettingsOf(
  config: Pick<BaseEnv, 'REDIS_URL' | 'REDIS_PREFIX'> & Partial<Pick<BaseEnv, 'QUEUE_JOB_LOCK_MS'>>,
): QueueSettings {
  return { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, jobLockMs: config.QUEUE_JOB_LOCK_MS };
}

/**
 * Connection options rather than a client: BullMQ then owns the connections it opens and closes
 * them with the queue or worker (a client passed in is left open, and keeps the process alive).
 * The name shows up in Redis's CLIENT LIST under the system's prefix.
 */
function connectionFor(settings: QueueSettings, name: string): ConnectionOptions {
  return { url: settings.redisUrl, maxRetriesPerRequest: null, connectionName: `${settings.prefix}:${name}` };
}

export function createQueue<T>(name: string, settings: QueueSettings, options: Partial<QueueOptions> = {}): Queue<T> {
  return new Queue<T>(name, {
    connection: connectionFor(settings, `queue:${name}`),
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
    connection: connectionFor(settings, `worker:${name}`),
    prefix: `${settings.prefix}:bull`,
    concurrency: 5,
    ...(settings.jobLockMs === undefined
      ? {}
      : { lockDuration: settings.jobLockMs, stalledInterval: settings.jobLockMs }),
    ...options,
  });
}
