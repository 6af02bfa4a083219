import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DATABASE, exactTimestamp, type DatabaseHandle } from '@medical-qr/platform';
import { medicalRecords, scanEvents } from '../database/schema.js';

/** One view in a card's scan log. */
export interface ScanLogEntry {
  recordId: string;
  /** The viewer's coarse user agent (never the full string, never an address). */
  viewer: string;
  source: 'card' | 'scanner';
  viewedAt: Date;
}

/**
 * The scan log: who opened which card when (coarse, never an address), for the owner's export, and the alert slot
 * that keeps a premium owner's scan alerts apart. Kept apart from the records' own store.
 */
@Injectable()
export class ScanLogRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The scan log of these records, oldest first (a person's export). */
  async scansOf(recordIds: string[]) {
    if (recordIds.length === 0) return [];
    return this.database.db
      .select({
        recordId: scanEvents.recordId,
        viewedAt: scanEvents.viewedAt,
        viewer: scanEvents.viewer,
        source: scanEvents.source,
      })
      .from(scanEvents)
      .where(inArray(scanEvents.recordId, recordIds))
      .orderBy(asc(scanEvents.viewedAt), asc(scanEvents.id));
  }

  /**
   * One page of the scan log of the user's records, oldest first (a person's export): at most `limit + 1` views (the
   * one past the page tells there is more), each with its exact sort key, starting after `after`.
   */
  async exportPageByUser(userId: string, after: readonly [viewedAt: string, id: number] | undefined, limit: number) {
    const ofUser = this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(eq(medicalRecords.userId, userId));
    return this.database.db
      .select({
        id: scanEvents.id,
        recordId: scanEvents.recordId,
        viewedAt: scanEvents.viewedAt,
        viewedAtKey: exactTimestamp(scanEvents.viewedAt),
        viewer: scanEvents.viewer,
        source: scanEvents.source,
      })
      .from(scanEvents)
      .where(
        and(
          inArray(scanEvents.recordId, ofUser),
          after && sql`(${scanEvents.viewedAt}, ${scanEvents.id}) > (${after[0]}::timestamptz, ${after[1]})`,
        ),
      )
      .orderBy(asc(scanEvents.viewedAt), asc(scanEvents.id))
      .limit(limit + 1);
  }

  /** Scan-log rows in one insert (card views, gathered by CardViewLog). */
  async logScans(entries: ScanLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // A code deleted (or its owner erased) between its view and this batch has no row left to log against: its views
    // are left out, rather than failing the batch and losing everyone else's.
    const ids = [...new Set(entries.map((entry) => entry.recordId))];
    const existing = await this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(inArray(medicalRecords.id, ids));
    const kept = new Set(existing.map((row) => row.id));
    const rows = entries.filter((entry) => kept.has(entry.recordId));
    if (rows.length > 0) await this.database.db.insert(scanEvents).values(rows);
  }

  /** Deletes views older than `days` (the scan log's retention); answers how many went. */
  async forgetOlderThan(days: number): Promise<number> {
    const result = await this.database.pool.query(
      'delete from records.scan_events where viewed_at < now() - make_interval(days => $1)',
      [days],
    );
    return result.rowCount ?? 0;
  }

  /** Takes the record's alert slot if the last alert is older than `intervalMs`; answers whether it got it. */
  async claimScanAlert(recordId: string, intervalMs: number): Promise<boolean> {
    const since = sql`now() - make_interval(secs => ${intervalMs / 1000})`;
    const rows = await this.database.db
      .update(medicalRecords)
      .set({ lastAlertAt: sql`now()` })
      .where(
        and(
          eq(medicalRecords.id, recordId),
          or(isNull(medicalRecords.lastAlertAt), lte(medicalRecords.lastAlertAt, since)),
        ),
      )
      .returning({ id: medicalRecords.id });
    return rows.length > 0;
  }
}
