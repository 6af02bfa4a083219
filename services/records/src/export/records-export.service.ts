import { Injectable } from '@nestjs/common';
import type { RecordsExport } from '@medical-qr/contracts';
import { ScanLogRepository } from '../card/scan-log.repository.js';
import { RecordsRepository } from '../records/records.repository.js';
import { toRecordSummary } from '../records/record-views.js';
import { TagsService } from '../tags/tags.service.js';

/** Everything records holds about a person, decrypted, for their export (privacy gathers it). */
@Injectable()
export class RecordsExportService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly scanLog: ScanLogRepository,
    private readonly tags: TagsService,
  ) {}

  async of(userId: string, appUrl: string): Promise<RecordsExport> {
    const [records, tags] = await Promise.all([this.records.listByUser(userId), this.tags.list(userId, appUrl)]);
    const scans = await this.scanLog.scansOf(records.map((record) => record.id));
    return {
      records: records.map((record) => ({
        ...toRecordSummary(record, appUrl),
        hasGivenConsent: record.hasGivenConsent,
        ...record.details,
        emergencyContacts: record.contacts,
      })),
      scanLog: scans.map((scan) => ({ ...scan, viewedAt: scan.viewedAt.toISOString() })),
      tags,
    };
  }
}
