import { Queues, type AuditEntry } from '@medical-qr/contracts';
import { currentClientRequestId, currentRequestId } from '../logging/correlation.js';
import { JobQueue } from './job-queue.js';
import type { QueueSettings } from './queues.js';

/**
 * Adds entries to the audit log through its queue, so an entry survives the privacy service
 * being down. Recording never fails the action it describes: a lost Redis is reported instead.
 */
export class AuditTrail {
  private readonly queue: JobQueue<AuditEntry>;

  constructor(
    settings: QueueSettings,
    private readonly onError: (error: unknown, entry: AuditEntry) => void,
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
    const full: AuditEntry = {
      ...entry,
      occurredAt: new Date().toISOString(),
      requestId: currentRequestId() ?? null,
      clientRequestId: currentClientRequestId() ?? null,
    };
    try {
      await this.queue.add(full.action, full);
    } catch (error) {
      this.onError(error, full);
    }
  }

  close() {
    return this.queue.close();
  }
}
