import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type AuditEntry } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, QueueWorker } from '@medical-qr/platform';
import { auditLog } from '../database/schema.js';

/** Drains the audit queue into the audit log, once per entry even if the queue delivers twice. */
@Injectable()
export class AuditLogWriter extends QueueWorker<AuditEntry> {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {
    super(Queues.privacyAuditLog);
  }

  async process(job: Job<AuditEntry>): Promise<void> {
    const entry = job.data;
    await this.database.db
      .insert(auditLog)
      .values({
        occurredAt: new Date(entry.occurredAt),
        action: entry.action,
        userId: entry.userId ?? null,
        email: entry.email ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent ?? null,
        requestId: entry.requestId ?? null,
        details: entry.details ?? {},
        sourceJobId: job.id ?? null,
      })
      .onConflictDoNothing({ target: auditLog.sourceJobId });
  }
}
