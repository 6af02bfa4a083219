import { Injectable } from '@nestjs/common';
import {
  type CurrentRecordExport,
  EXPORT_PAGE_SIZES,
  type ExportedRecord,
  keysetPage,
  type RecordsExportPage,
  type RecordsExportPageRequest,
} from '@medical-qr/contracts';
import { afterCursor } from '@medical-qr/platform';
import { ScanLogRepository } from '../card/scan-log.repository.js';
import { ownerFamilyAlert } from '../family-alerts/family-alert-views.js';
import { FamilyAlertsRepository } from '../family-alerts/family-alerts.repository.js';
import { exportedHealthLink } from '../health-links/health-link-views.js';
import { HealthLinksRepository } from '../health-links/health-links.repository.js';
import type { StoredRecord } from '../records/records.repository.js';
import { RecordsRepository } from '../records/records.repository.js';
import { printedReference, toRecordSummary } from '../records/record-views.js';
import { toPrintedTag } from '../tags/tag-views.js';
import { TagsRepository } from '../tags/tags.repository.js';

/**
 * What records holds about a person, decrypted, for their export (privacy asks, page by page): records newest first,
 * the scan log oldest first; printed tags, health links, their accesses and family alerts newest first. Each page reads at most one row past its size, by the
 * person's id, and starts after the previous page's last row (keyset), so rows added meanwhile never shift it.
 */
@Injectable()
export class RecordsExportService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly scanLog: ScanLogRepository,
    private readonly tags: TagsRepository,
    private readonly healthLinks: HealthLinksRepository,
    private readonly familyAlerts: FamilyAlertsRepository,
  ) {}

  async page({ userId, appUrl, section, cursor }: RecordsExportPageRequest): Promise<RecordsExportPage> {
    const limit = EXPORT_PAGE_SIZES[section];
    switch (section) {
      case 'records': {
        const after = afterCursor(cursor, ['string', 'string']);
        const rows = await this.records.exportPageByUser(userId, after, limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => row.key,
          (row) => exportedRecord(row.record, appUrl),
        );
        return { section, ...page };
      }
      case 'scanLog': {
        const after = afterCursor(cursor, ['string', 'number']);
        const rows = await this.scanLog.exportPageByUser(userId, after, limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => [row.viewedAtKey, row.id],
          (row) => ({
            recordId: row.recordId,
            viewedAt: row.viewedAt.toISOString(),
            viewer: row.viewer,
            source: row.source,
          }),
        );
        return { section, ...page };
      }
      case 'tags': {
        const after = afterCursor(cursor, ['string', 'string']);
        const rows = await this.tags.exportPageByUser(userId, after, limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => row.key,
          (row) => toPrintedTag(row.tag, appUrl),
        );
        return { section, ...page };
      }
      case 'healthLinks': {
        const after = afterCursor(cursor, ['string', 'string']);
        const rows = await this.healthLinks.exportPageByOwner(userId, after, limit);
        const now = new Date();
        const page = keysetPage(
          rows,
          limit,
          (row) => row.key,
          (row) => exportedHealthLink(row.link, now),
        );
        return { section, ...page };
      }
      case 'healthLinkAccesses': {
        const after = afterCursor(cursor, ['string', 'string']);
        const rows = await this.healthLinks.exportAccessesPageByOwner(userId, after, limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => row.key,
          (row) => row.access,
        );
        return { section, ...page };
      }
      case 'familyAlerts': {
        const after = afterCursor(cursor, ['string', 'string']);
        const rows = await this.familyAlerts.exportPageByOwner(userId, after, limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => row.key,
          (row) => ownerFamilyAlert(row.alert, row.answeredBy),
        );
        return { section, ...page };
      }
    }
  }

  /** The current record (newest active, else newest), for the export's International Patient Summary. */
  async current(userId: string, appUrl: string): Promise<CurrentRecordExport> {
    const record = await this.records.findCurrent(userId);
    return { record: record ? exportedRecord(record, appUrl) : null };
  }
}

/** A record as its owner's export shows it: what the owner sees, without the QR image (drawn from the link). */
export function exportedRecord(record: StoredRecord, appUrl: string): ExportedRecord {
  return {
    ...toRecordSummary(record, appUrl),
    factsCheckedAt: record.factsCheckedAt.toISOString(),
    hasGivenConsent: record.hasGivenConsent,
    ...record.details,
    emergencyContacts: record.contacts,
    ...printedReference(record.reference),
  };
}
