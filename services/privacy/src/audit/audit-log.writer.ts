import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type AuditEntry } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, QueueWorker } from '@medical-qr/platform';
import { auditLog } from '../database/schema.js';
import { PrivacyErasureRepository } from '../erasure/privacy-erasure.repository.js';

/** Drains the audit queue into the audit log, once per entry even if the queue delivers twice. */
@Injectable()
export class AuditLogWriter extends QueueWorker<AuditEntry> {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly erasures: PrivacyErasureRepository,
  ) {
    super(Queues.privacyAuditLog);
  }

  async process(job: Job<AuditEntry>): Promise<void> {
    const entry = job.data;
    // An entry queued before its person was erased is written under their pseudonym, without the email.
    const pseudonym = entry.userId ? await this.erasures.pseudonymOf(entry.userId) : undefined;
    await this.database.db
      .insert(auditLog)
      .values({
        occurredAt: new Date(entry.occurredAt),
        action: entry.action,
        userId: pseudonym ?? entry.userId ?? null,
        email: pseudonym ? null : (entry.email ?? null),
        ip: entry.ip ?? null,
        userAgent: entry.userAgent ?? null,
        requestId: entry.requestId ?? null,
        details: entry.details ?? {},
        sourceJobId: job.id ?? null,
      })
      .onConflictDoNothing({ target: auditLog.sourceJobId });
  }
}
