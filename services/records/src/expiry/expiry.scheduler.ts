import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { ExpiryJobs, Queues, type ExpiryJob } from '@medical-qr/contracts';
import { CONFIG, InjectQueue, type JobQueue, LOGGER } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';

const DAY_MS = 24 * 3600_000;

/**
 * Switches codes off when their time comes: one delayed job per code, and a periodic sweep for
 * any job that was lost (Redis is not the source of truth). Reads never rely on either: a code
 * past its expiry time is expired whatever `is_active` says. ExpiryWorker does the switching, and the daily trim of
 * the scan log to its retention.
 */
@Injectable()
export class ExpiryScheduler implements OnModuleInit {
  constructor(
    @InjectQueue(Queues.recordsExpiry) private readonly queue: JobQueue<ExpiryJob>,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit() {
    await this.queue.repeat(ExpiryJobs.sweep, this.config.EXPIRY_SWEEP_INTERVAL_MS, {});
    await this.queue.repeat(ExpiryJobs.scanLogRetention, DAY_MS, {});
  }

  /** Queues a new code's expiry; a failure only delays the switch-off until the next sweep. */
  async schedule(recordId: string, expiresAt: Date | null): Promise<void> {
    if (expiresAt) await this.enqueue(`expire-${recordId}`, recordId, expiresAt);
  }

  /**
   * Queues the expiry of a lifetime given to an existing code (premium ended). The code may still
   * have its first job, pending or kept as completed, so this one has an id of its own; the old
   * job finds the code not yet due and does nothing.
   */
  async scheduleNewLifetime(recordId: string, expiresAt: Date): Promise<void> {
    await this.enqueue(`expire-${recordId}-${expiresAt.getTime()}`, recordId, expiresAt);
  }

  private async enqueue(jobId: string, recordId: string, expiresAt: Date): Promise<void> {
    try {
      await this.queue.add(
        ExpiryJobs.expire,
        { recordId },
        { jobId, delay: Math.max(0, expiresAt.getTime() - Date.now()) },
      );
    } catch (error) {
      this.logger.warn({ err: error, recordId }, 'expiry job not queued; the sweep will catch this code');
    }
  }
}
