import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { CONFIG, createWorker, LOGGER } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { RecordsRepository } from '../records/records.repository.js';
import { EXPIRY_QUEUE_TOKEN } from '../tokens.js';
import { EXPIRY_QUEUE, ExpiryJobs, type ExpiryJob, type ExpiryQueue } from './expiry.queue.js';

/**
 * Switches codes off when their time comes: one delayed job per code, and a periodic sweep for
 * any job that was lost (Redis is not the source of truth). Reads never rely on either: a code
 * past its expiry time is expired whatever `is_active` says.
 */
@Injectable()
export class ExpiryScheduler implements OnModuleInit, OnApplicationShutdown {
  private worker?: Worker<ExpiryJob>;

  constructor(
    @Inject(EXPIRY_QUEUE_TOKEN) private readonly queue: ExpiryQueue,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly records: RecordsRepository,
  ) {}

  async onModuleInit() {
    this.worker = createWorker<ExpiryJob>(
      EXPIRY_QUEUE,
      async (job) => {
        if (job.name === ExpiryJobs.sweep) {
          const expired = await this.records.expireAllDue();
          if (expired) this.logger.info({ expired }, 'sweep switched off expired codes');
        } else if (job.data.recordId && (await this.records.expireIfDue(job.data.recordId))) {
          this.logger.info({ recordId: job.data.recordId }, 'code expired');
        }
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'expiry worker error'));
    await this.queue.upsertJobScheduler(
      ExpiryJobs.sweep,
      { every: this.config.EXPIRY_SWEEP_INTERVAL_MS },
      { name: ExpiryJobs.sweep, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  /** Queues the code's expiry; a failure only delays the switch-off until the next sweep. */
  async schedule(recordId: string, expiresAt: Date | null): Promise<void> {
    if (!expiresAt) return;
    try {
      // With Redis away, BullMQ waits for it forever; the person creating a code must not.
      await Promise.race([
        this.queue.add(
          ExpiryJobs.expire,
          { recordId },
          { jobId: `expire-${recordId}`, delay: Math.max(0, expiresAt.getTime() - Date.now()) },
        ),
        new Promise((_, reject) => setTimeout(() => reject(new Error('Redis did not answer in 2 s')), 2000).unref()),
      ]);
    } catch (error) {
      this.logger.warn({ err: error, recordId }, 'expiry job not queued; the sweep will catch this code');
    }
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
