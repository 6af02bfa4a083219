import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type PrivacyJob } from '@medical-qr/contracts';
import { QueueWorker } from '@medical-qr/platform';
import { ErasureSaga } from './erasure.saga.js';
import { ErasureScheduler } from './erasure.scheduler.js';

/** Runs erasures one person at a time per process, and the sweep that queues the ones due. */
@Injectable()
export class PrivacyJobsWorker extends QueueWorker<PrivacyJob> {
  constructor(
    private readonly saga: ErasureSaga,
    private readonly scheduler: ErasureScheduler,
  ) {
    super(Queues.privacyErasure, { concurrency: 1 });
  }

  async process(job: Job<PrivacyJob>): Promise<void> {
    const data = job.data;
    if (data.kind === 'sweep') {
      const queued = await this.scheduler.queueDue();
      if (queued) this.logger.info({ queued }, 'due erasures queued');
      return;
    }
    await this.saga.run(job, data);
  }
}
