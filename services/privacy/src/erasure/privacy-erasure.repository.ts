import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { AuditActions } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { auditLog, consentEvents, deletionRequests, erasedSubjects } from '../database/schema.js';
import { subjectHash } from './subject-hash.js';

/** The terms' retention of the audit log (SPEC section 9); the table's trigger refuses younger deletions. */
export const AUDIT_RETENTION_YEARS = 6;

/** Privacy's own part of an erasure, and the deletions that are due. */
@Injectable()
export class PrivacyErasureRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** People whose deletion day has come (immediate ones included), for the sweep to queue. */
  async due(now = new Date()): Promise<string[]> {
    const rows = await this.database.db
      .select({ userId: deletionRequests.userId })
      .from(deletionRequests)
      .where(and(eq(deletionRequests.status, 'requested'), lte(deletionRequests.scheduledAt, now)));
    return rows.map((row) => row.userId);
  }

  /**
   * The last step: the consent history and the deletion request go, and the audit trail stays under one pseudonym
   * (the same on a retry), without the email typed with it, ending with the erasure itself. Returns the pseudonym.
   */
  async eraseOwn(userId: string): Promise<string> {
    return this.database.db.transaction(async (tx) => {
      // The one update the audit log allows (its trigger checks that only the id and the email change).
      await tx.execute(sql`set local privacy.pseudonymising = 'on'`);
      const hash = subjectHash(userId);
      await tx.insert(erasedSubjects).values({ subjectHash: hash, pseudonym: randomUUID() }).onConflictDoNothing();
      const [subject] = await tx.select().from(erasedSubjects).where(eq(erasedSubjects.subjectHash, hash));
      await tx
        .update(auditLog)
        .set({ userId: subject!.pseudonym, email: null, emailIndex: null })
        .where(eq(auditLog.userId, userId));
      await tx.delete(consentEvents).where(eq(consentEvents.userId, userId));
      await tx.delete(deletionRequests).where(eq(deletionRequests.userId, userId));
      await tx.insert(auditLog).values({
        occurredAt: new Date(),
        action: AuditActions.erasureCompleted,
        userId: subject!.pseudonym,
      });
      return subject!.pseudonym;
    });
  }

  /** Deletes audit entries past the retention (6 years, the terms); answers how many went. */
  async purgeExpiredAudit(now = new Date()): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
    const deleted = await this.database.db
      .delete(auditLog)
      .where(lt(auditLog.occurredAt, cutoff))
      .returning({ id: auditLog.id });
    return deleted.length;
  }

  /** The pseudonym an erased person's audit entries are written under; undefined for anyone not erased. */
  async pseudonymOf(userId: string): Promise<string | undefined> {
    const [subject] = await this.database.db
      .select({ pseudonym: erasedSubjects.pseudonym })
      .from(erasedSubjects)
      .where(eq(erasedSubjects.subjectHash, subjectHash(userId)));
    return subject?.pseudonym;
  }
}
