import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { DATABASE, exactTimestamp, type DatabaseHandle } from '@medical-qr/platform';
import { auditLog, consentEvents, deletionRequests } from '../database/schema.js';

/**
 * What privacy itself holds about a person, read for their export: the deletion request, and the consent history and
 * audit trail a page at a time. Every read is by the person's id; each page reads at most `limit + 1` rows (the one
 * past the page tells there is more) and starts after the previous page's last row (keyset, never an offset).
 */
@Injectable()
export class PrivacyExportRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async deletionRequestOf(userId: string) {
    const [row] = await this.database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, userId));
    return row;
  }

  /** Consent revoked and given again, oldest first (by id: the order they were written in). */
  consentPage(userId: string, afterId: number | undefined, limit: number) {
    return this.database.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, userId), afterId === undefined ? undefined : gt(consentEvents.id, afterId)))
      .orderBy(asc(consentEvents.id))
      .limit(limit + 1);
  }

  /**
   * The audit trail under the person's id, newest first (time, then id), each row with its time as exact text for the
   * cursor. Entries written meanwhile never shift a page: every entry there when the export began is read once.
   */
  auditPage(userId: string, after: readonly [occurredAt: string, id: number] | undefined, limit: number) {
    return this.database.db
      .select({ row: auditLog, occurredAtKey: exactTimestamp(auditLog.occurredAt) })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userId, userId),
          // The first condition is the second's bound that the index on (user_id, occurred_at) can use.
          after && lte(auditLog.occurredAt, sql`${after[0]}::timestamptz`),
          after && sql`(${auditLog.occurredAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]})`,
        ),
      )
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(limit + 1);
  }
}
