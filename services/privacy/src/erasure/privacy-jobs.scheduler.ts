import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Queues, type PrivacyJob } from '@medical-qr/contracts';
import { InjectQueue, type JobQueue } from '@medical-qr/platform';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

/** How often the sweep looks for deletions whose day has come. */
const SWEEP_INTERVAL_MS = 60_000;
/** The audit log's retention runs once a day. */
const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the privacy service's jobs: the periodic sweep and audit retention, and erasures. An erasure is one job per
 * person (its id keeps it single while it waits or runs), retried with doubling waits for about an hour; a job that
 * still fails is dropped, and the next sweep queues it again while the request stands, so the erasure is tried until
 * every service has agreed.
 */
@Injectable()
export class PrivacyJobsScheduler implements OnModuleInit {
  constructor(
    @InjectQueue(Queues.privacyErasure) private readonly queue: JobQueue<PrivacyJob>,
    private readonly repository: PrivacyErasureRepository,
  ) {}

  async onModuleInit() {
    await this.queue.repeat('sweep', SWEEP_INTERVAL_MS, { kind: 'sweep' });
    await this.queue.repeat('retention', RETENTION_INTERVAL_MS, { kind: 'retention' });
  }

  /** Queues one person's erasure now (immediate deletion, or a sweep that found it due). */
  async erase(userId: string): Promise<void> {
    await this.queue.add(
      'erase',
      { kind: 'erase', userId },
      {
        jobId: `erase-${userId}`,
        attempts: 12,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  /** Queues every due erasure; answers how many were due. */
  async queueDue(): Promise<number> {
    const due = await this.repository.due();
    for (const userId of due) await this.erase(userId);
    return due.length;
  }
}
