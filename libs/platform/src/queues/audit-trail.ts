import { AUDIT_BATCH_MAX_ENTRIES, Queues, type AuditEntry, type AuditJob } from '@medical-qr/contracts';
import { currentClientRequestId, currentRequestId } from '../logging/correlation.js';
import { JobQueue } from './job-queue.js';
import type { QueueSettings } from './queues.js';

const BATCH_JOB_NAME = 'batch';

/**
 * Adds entries to the audit log through its queue, so an entry survives the privacy service
 * being down. Recording never fails the action it describes: a lost Redis is reported instead.
 */
export class AuditTrail {
  private readonly queue: JobQueue<AuditJob>;

  constructor(
    settings: QueueSettings,
    /** Hears a lost job: its (first) entry, and how many entries it held. */
    private readonly onError: (error: unknown, entry: AuditEntry, entries: number) => void,
  ) {
    this.queue = new JobQueue(Queues.privacyAuditLog, settings, {
      defaultJobOptions: {
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: 10_000,
      },
      // The privacy service works this queue and reports its counts.
      reportJobCounts: false,
    });
  }

  async record(entry: Omit<AuditEntry, 'occurredAt' | 'requestId' | 'clientRequestId'>): Promise<void> {
    const full = this.stamp(entry);
    try {
      await this.queue.add(full.action, full);
    } catch (error) {
      this.onError(error, full, 1);
    }
  }

  /** The entry as it happened now, in this request: for entries recorded later, in a batch ({@link recordMany}). */
  stamp(entry: Omit<AuditEntry, 'occurredAt' | 'requestId' | 'clientRequestId'>): AuditEntry {
    return {
      ...entry,
      occurredAt: new Date().toISOString(),
      requestId: currentRequestId() ?? null,
      clientRequestId: currentClientRequestId() ?? null,
    };
  }

  /** Stamped entries in as few jobs as the batch limit allows: one Redis round trip and one insert per job. */
  async recordMany(entries: AuditEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += AUDIT_BATCH_MAX_ENTRIES) {
      const batch = entries.slice(start, start + AUDIT_BATCH_MAX_ENTRIES);
      try {
        await this.queue.add(BATCH_JOB_NAME, { entries: batch });
      } catch (error) {
        this.onError(error, batch[0]!, batch.length);
      }
    }
  }

  close() {
    return this.queue.close();
  }
}
