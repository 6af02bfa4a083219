import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type AuditEntry, type AuditJob } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, QueueWorker } from '@medical-qr/platform';
import { auditLog } from '../database/schema.js';
import { PrivacyErasureRepository } from '../erasure/privacy-erasure.repository.js';
import { AuditEmailSealer } from './audit-email.sealer.js';

/**
 * Drains the audit queue into the audit log, once per entry even if the queue delivers twice: a job of one entry,
 * or a batch (card views) written in one insert, each entry keyed by the job and its place in it.
 */
@Injectable()
export class AuditLogWriter extends QueueWorker<AuditJob> {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly erasures: PrivacyErasureRepository,
    private readonly emails: AuditEmailSealer,
  ) {
    super(Queues.privacyAuditLog);
  }

  async process(job: Job<AuditJob>): Promise<void> {
    const entries = 'entries' in job.data ? job.data.entries : [job.data];
    const batched = 'entries' in job.data;
    // An entry queued before its person was erased is written under their pseudonym, without the email. Any other
    // email is sealed: the audit log keeps no address in clear, not even one a stranger typed.
    const pseudonyms = new Map<string, string | undefined>();
    for (const userId of new Set(entries.map((entry) => entry.userId).filter((id) => typeof id === 'string'))) {
      pseudonyms.set(userId, await this.erasures.pseudonymOf(userId));
    }
    await this.database.db
      .insert(auditLog)
      .values(
        entries.map((entry, index) =>
          this.rowOf(entry, entry.userId ? pseudonyms.get(entry.userId) : undefined, sourceOf(job, batched, index)),
        ),
      )
      .onConflictDoNothing({ target: auditLog.sourceJobId });
  }

  private rowOf(entry: AuditEntry, pseudonym: string | undefined, sourceJobId: string | null) {
    return {
      occurredAt: new Date(entry.occurredAt),
      action: entry.action,
      userId: pseudonym ?? entry.userId ?? null,
      ...this.emails.seal(pseudonym ? null : entry.email),
      ip: entry.ip ?? null,
      userAgent: entry.userAgent ?? null,
      requestId: entry.requestId ?? null,
      clientRequestId: entry.clientRequestId ?? null,
      details: entry.details ?? {},
      sourceJobId,
    };
  }
}

/** What makes a redelivered entry a duplicate: its job's id, and for a batch its place in it. */
function sourceOf(job: Job<AuditJob>, batched: boolean, index: number): string | null {
  if (job.id === undefined) return null;
  return batched ? `${job.id}/${index}` : job.id;
}
