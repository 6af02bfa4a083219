import { Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueDefinition } from '@medical-qr/contracts';
import type { BaseEnv } from '../config/env-schemas.js';
import { queueJobFailures, reportQueueJobCounts, type ReportedJobState } from '../metrics/queue-metrics.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { createQueue, createWorker, queueSettingsOf } from './queues.js';

/** BullMQ's own lock, for a configuration that does not name one (QUEUE_JOB_LOCK_MS has the same default). */
const DEFAULT_JOB_LOCK_MS = 30_000;

export interface QueueWorkerOptions {
  /** Jobs processed at once by this process. */
  concurrency?: number;
}

/**
 * Drains one queue: a provider extends it, names its queue in `super(Queues.x)` and implements
 * `process(job)`. It starts with its module, stops taking jobs (finishing those under way) before
 * the database closes, logs and counts every failed attempt, reports the queue's job counts, and
 * drops a job whose payload does not match the queue's contract, which no retry would mend.
 */
export abstract class QueueWorker<T> implements OnModuleInit, OnModuleDestroy {
  // Injected as properties, so a subclass's constructor asks only for what its own work needs.
  @Inject(CONFIG) private readonly platformConfig!: BaseEnv;
  @Inject(LOGGER) protected readonly logger!: Logger;
  private worker?: Worker<T>;
  /** Opened at the first scrape only: a worker cannot count jobs, a queue can. */
  private countingQueue?: Queue<T>;
  private stopReporting?: () => void;

  protected constructor(
    private readonly definition: QueueDefinition<T>,
    private readonly options: QueueWorkerOptions = {},
  ) {}

  /** Does one job; throwing makes the queue retry it with backoff. */
  abstract process(job: Job<T>): Promise<void>;

  onModuleInit() {
    const queue = this.definition.name;
    this.worker = createWorker<T>(queue, (job) => this.validateAndProcess(job), queueSettingsOf(this.platformConfig), {
      concurrency: this.options.concurrency ?? 5,
      // A job whose worker died (its lock lapsed) is found stalled at the next check and run again.
      lockDuration: this.platformConfig.QUEUE_JOB_LOCK_MS ?? DEFAULT_JOB_LOCK_MS,
      stalledInterval: this.platformConfig.QUEUE_JOB_LOCK_MS ?? DEFAULT_JOB_LOCK_MS,
    });
    this.worker.on('failed', (job, error) => {
      queueJobFailures.inc({ queue });
      this.logger.warn(
        { queue, jobId: job?.id, jobName: job?.name, attempt: job?.attemptsMade, err: error },
        `${queue} job failed`,
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ queue, err: error }, `${queue} worker error`));
    this.stopReporting = reportQueueJobCounts(queue, (states) => this.jobCounts(states));
  }

  /** Stops taking jobs and waits for those under way (BullMQ's close does both). */
  async onModuleDestroy() {
    this.stopReporting?.();
    await this.worker?.close();
    await this.countingQueue?.close();
  }

  private jobCounts(states: ReportedJobState[]) {
    if (!this.countingQueue) {
      this.countingQueue = createQueue<T>(this.definition.name, queueSettingsOf(this.platformConfig));
      // Redis being away shows in the worker's own errors; a scrape just leaves the queue out.
      this.countingQueue.on('error', () => undefined);
    }
    return this.countingQueue.getJobCounts(...states);
  }

  private async validateAndProcess(job: Job<T>): Promise<void> {
    if (!this.definition.payload.safeParse(job.data).success) {
      this.logger.error(
        { queue: this.definition.name, jobId: job.id, jobName: job.name },
        'dropped a job whose payload does not match its contract',
      );
      return;
    }
    await this.process(job);
  }
}
