import { Injectable } from '@nestjs/common';
import { ipsBundle } from './ips-bundle.js';
import { PersonalDataGatherer } from './personal-data.gatherer.js';

/** The file a person downloads: everything held about them, and their current record as an IPS document. */
@Injectable()
export class ExportService {
  constructor(private readonly gatherer: PersonalDataGatherer) {}

  async build(userId: string, appUrl: string, now = new Date()) {
    const data = await this.gatherer.gather(userId, appUrl);
    // The current record: the newest active one, else the newest (records come newest first).
    const current = data.records.records.find((record) => record.isActive) ?? data.records.records[0];
    return {
      exportedAt: now.toISOString(),
      format: 'Medical QR personal data export, version 1',
      ...data,
      internationalPatientSummary: ipsBundle(data.account, current, now),
    };
  }
}
