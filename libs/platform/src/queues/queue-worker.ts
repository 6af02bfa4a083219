import { Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueDefinition } from '@medical-qr/contracts';
import type { BaseEnv } from '../config/env-schemas.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { createWorker, queueSettingsOf } from './queues.js';

export interface QueueWorkerOptions {
  /** Jobs processed at once by this process. */
  concurrency?: number;
}

/**
 * Drains one queue: a provider extends it, names its queue in `super(Queues.x)` and implements
 * `process(job)`. It starts with its module, stops taking jobs (finishing those under way) before
 * the database closes, logs every failed attempt, and drops a job whose payload does not match the
 * queue's contract, which no retry would mend.
 */
export abstract class QueueWorker<T> implements OnModuleInit, OnModuleDestroy {
  // Injected as properties, so a subclass's constructor asks only for what its own work needs.
  @Inject(CONFIG) private readonly platformConfig!: BaseEnv;
  @Inject(LOGGER) protected readonly logger!: Logger;
  private worker?: Worker<T>;

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
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        { queue, jobId: job?.id, jobName: job?.name, attempt: job?.attemptsMade, err: error },
        `${queue} job failed`,
      ),
    );
    this.worker.on('error', (error) => this.logger.warn({ queue, err: error }, `${queue} worker error`));
  }

  async onModuleDestroy() {
    await this.worker?.close();
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
