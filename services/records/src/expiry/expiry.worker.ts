import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ExpiryJobs, Queues, type ExpiryJob } from '@medical-qr/contracts';
import { QueueWorker } from '@medical-qr/platform';
import { RecordsRepository } from '../records/records.repository.js';

/** Switches off one code whose time has come, or (the sweep) every code whose own job was lost. */
@Injectable()
export class ExpiryWorker extends QueueWorker<ExpiryJob> {
  constructor(private readonly records: RecordsRepository) {
    super(Queues.recordsExpiry);
  }

  async process(job: Job<ExpiryJob>): Promise<void> {
    if (job.name === ExpiryJobs.sweep) {
      const expired = await this.records.expireAllDue();
      if (expired) this.logger.info({ expired }, 'sweep switched off expired codes');
    } else if (job.data.recordId && (await this.records.expireIfDue(job.data.recordId))) {
      this.logger.info({ recordId: job.data.recordId }, 'code expired');
    }
  }
}
