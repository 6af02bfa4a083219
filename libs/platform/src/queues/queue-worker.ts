import { Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueDefinition } from '@medical-qr/contracts';
import type { BaseEnv } from '../config/env-schemas.js';
import { queueJobFailures, reportQueueJobCounts, type ReportedJobState } from '../metrics/queue-metrics.js';
import { runWithRequestId } from '../logging/correlation.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { splitRequestId } from './job-request-id.js';
import { createQueue, createWorker, queueSettingsOf } from './queues.js';

export interface QueueWorkerOptions {
  /** Jobs processed at once by this process. */
  concurrency?: number;
}

/**
 * Drains one queue: a provider extends it, names its queue in `super(Queues.x)` and implements
 * `process(job)`. It starts with its module, stops taking jobs (finishing those under way) before
 * the database closes, logs and counts every failed attempt, reports the queue's job counts, and
 * fails a job whose payload this version cannot read (a retry may reach a newer worker; it is never silently dropped).
 */
export abstract class QueueWorker<T> implements OnModuleInit, OnModuleDestroy {
  // Injected as properties, so a subclass's constructor asks only for what its own work needs.
  @Inject(CONFIG) private readonly platformConfig!: BaseEnv;
  @Inject(LOGGER) protected readonly logger!: Logger;
  private worker?: Worker<T>;
  /** Opened at the first scrape only: a worker cannot count jobs, a queue can. */
  private countingQueue?: Queue<T>;
  private stopReporting?: () => void;
  /** The request id each job under way runs under, for the line its failure logs (outside the job's own context). */
  private readonly requestIds = new WeakMap<Job<T>, string>();

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
    });
    this.worker.on('failed', (job, error) => {
      queueJobFailures.inc({ queue });
      this.logger.warn(
        {
          queue,
          jobId: job?.id,
          jobName: job?.name,
          attempt: job?.attemptsMade,
          err: error,
          requestId: job && this.requestIds.get(job),
        },
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

  /** Runs the job under the request id it was queued with (or its own), so every line it logs carries it. */
  private async validateAndProcess(job: Job<T>): Promise<void> {
    const { requestId: queuedFor, payload } = splitRequestId(job.data);
    const requestId = queuedFor ?? `job:${this.definition.name}:${job.id}`;
    this.requestIds.set(job, requestId);
    return runWithRequestId(requestId, async () => {
      const parsed = this.definition.payload.safeParse(payload);
      if (!parsed.success) {
        // Failed, not dropped: during a rollout an older worker may meet a job a newer process queued, and a retry may
        // reach a newer worker; past its attempts it stays among the failed jobs, counted, for an operator.
        const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
        throw new Error(`the job's payload does not match what this version reads (at ${fields})`);
      }
      // The worker sees its payload alone; the queued data in Redis keeps the id for the next attempt.
      job.data = payload as T;
      await this.process(job);
    });
  }
}
