import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type PrivacyJob } from '@medical-qr/contracts';
import { QueueWorker } from '@medical-qr/platform';
import { ErasureSaga } from './erasure.saga.js';
import { PrivacyJobsScheduler } from './privacy-jobs.scheduler.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

/** Runs erasures one person at a time per process, the sweep that queues the ones due, and the audit retention. */
@Injectable()
export class PrivacyJobsWorker extends QueueWorker<PrivacyJob> {
  constructor(
    private readonly saga: ErasureSaga,
    private readonly scheduler: PrivacyJobsScheduler,
    private readonly repository: PrivacyErasureRepository,
  ) {
    super(Queues.privacyErasure, { concurrency: 1 });
  }

  async process(job: Job<PrivacyJob>): Promise<void> {
    const data = job.data;
    if (data.kind === 'retention') {
      const purged = await this.repository.purgeExpiredAudit();
      if (purged) this.logger.info({ purged }, 'audit entries past their retention deleted');
      return;
    }
    if (data.kind === 'sweep') {
      const queued = await this.scheduler.queueDue();
      if (queued) this.logger.info({ queued }, 'due erasures queued');
      return;
    }
    await this.saga.run(job, data);
  }
}
