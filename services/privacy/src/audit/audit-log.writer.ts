import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type AuditEntry } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, QueueWorker } from '@medical-qr/platform';
import { auditLog } from '../database/schema.js';
import { PrivacyErasureRepository } from '../erasure/privacy-erasure.repository.js';
import { AuditEmailSealer } from './audit-email.sealer.js';

/** Drains the audit queue into the audit log, once per entry even if the queue delivers twice. */
@Injectable()
export class AuditLogWriter extends QueueWorker<AuditEntry> {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly erasures: PrivacyErasureRepository,
    private readonly emails: AuditEmailSealer,
  ) {
    super(Queues.privacyAuditLog);
  }

  async process(job: Job<AuditEntry>): Promise<void> {
    const entry = job.data;
    // An entry queued before its person was erased is written under their pseudonym, without the email. Any other
    // email is sealed: the audit log keeps no address in clear, not even one a stranger typed.
    const pseudonym = entry.userId ? await this.erasures.pseudonymOf(entry.userId) : undefined;
    await this.database.db
      .insert(auditLog)
      .values({
        occurredAt: new Date(entry.occurredAt),
        action: entry.action,
        userId: pseudonym ?? entry.userId ?? null,
        ...this.emails.seal(pseudonym ? null : entry.email),
        ip: entry.ip ?? null,
        userAgent: entry.userAgent ?? null,
        requestId: entry.requestId ?? null,
        clientRequestId: entry.clientRequestId ?? null,
        details: entry.details ?? {},
        sourceJobId: job.id ?? null,
      })
      .onConflictDoNothing({ target: auditLog.sourceJobId });
  }
}
