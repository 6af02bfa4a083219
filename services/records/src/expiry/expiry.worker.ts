import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ExpiryJobs, Queues, type ExpiryJob } from '@medical-qr/contracts';
import { CONFIG, QueueWorker } from '@medical-qr/platform';
import { ScanLogRepository } from '../card/scan-log.repository.js';
import type { RecordsConfig } from '../config.js';
import { RecordsRepository } from '../records/records.repository.js';

/**
 * Switches off one code whose time has come, or (the sweep) every code whose own job was lost; daily, trims the scan
 * log to SCAN_LOG_RETENTION_DAYS.
 */
@Injectable()
export class ExpiryWorker extends QueueWorker<ExpiryJob> {
  constructor(
    private readonly records: RecordsRepository,
    private readonly scanLog: ScanLogRepository,
    @Inject(CONFIG) private readonly config: RecordsConfig,
  ) {
    super(Queues.recordsExpiry);
  }

  async process(job: Job<ExpiryJob>): Promise<void> {
    if (job.name === ExpiryJobs.scanLogRetention) {
      const forgotten = await this.scanLog.forgetOlderThan(this.config.SCAN_LOG_RETENTION_DAYS);
      if (forgotten) this.logger.info({ forgotten }, 'scan log trimmed to its retention');
    } else if (job.name === ExpiryJobs.sweep) {
      const expired = await this.records.expireAllDue();
      if (expired) this.logger.info({ expired }, 'sweep switched off expired codes');
    } else if (job.data.recordId && (await this.records.expireIfDue(job.data.recordId))) {
      this.logger.info({ recordId: job.data.recordId }, 'code expired');
    }
  }
}
