import type { Queue } from 'bullmq';
import { AUDIT_QUEUE, type AuditEntry } from '@medical-qr/contracts';
import { currentRequestId } from '../logging/correlation.js';
import { createQueue, type QueueSettings } from './queues.js';

/**
 * Adds entries to the audit log through its queue, so an entry survives the privacy service
 * being down. Recording never fails the action it describes: a lost Redis is logged instead.
 */
export class AuditTrail {
  private readonly queue: Queue<AuditEntry>;

  constructor(
    settings: QueueSettings,
    private readonly onError: (error: unknown, entry: AuditEntry) => void,
  ) {
    this.queue = createQueue<AuditEntry>(AUDIT_QUEUE, settings, {
      defaultJobOptions: {
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: 10_000,
      },
    });
  }

  async record(entry: Omit<AuditEntry, 'occurredAt' | 'requestId'>): Promise<void> {
    const full: AuditEntry = { ...entry, occurredAt: new Date().toISOString(), requestId: currentRequestId() ?? null };
    let timer: NodeJS.Timeout | undefined;
    try {
      // With Redis unreachable, adding would wait for it forever; the action must not.
      await Promise.race([
        this.queue.add(full.action, full),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not accept the audit entry within 2 s')), 2000);
        }),
      ]);
    } catch (error) {
      this.onError(error, full);
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    return this.queue.close();
  }
}
