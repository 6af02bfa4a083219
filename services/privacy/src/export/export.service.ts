import { Injectable } from '@nestjs/common';
import {
  ipsBundle,
  type PersonalDataExportHead,
  type PrivacyExportPage,
  type PrivacyExportPageRequest,
} from '@medical-qr/contracts';
import { PersonalDataGatherer } from './personal-data.gatherer.js';

/**
 * The file a person downloads: everything held about them, and their current record as an IPS document. It crosses
 * NATS as its head (every bounded part) and then pages of each list; the gateway writes the file from them.
 */
@Injectable()
export class ExportService {
  constructor(private readonly gatherer: PersonalDataGatherer) {}

  async head(userId: string, appUrl: string, now = new Date()): Promise<PersonalDataExportHead> {
    const { currentRecord, ...data } = await this.gatherer.head(userId, appUrl);
    return {
      exportedAt: now.toISOString(),
      format: 'Medical QR personal data export, version 1',
      ...data,
      internationalPatientSummary: ipsBundle({ record: currentRecord, account: data.account, now }),
    };
  }

  page(request: PrivacyExportPageRequest): Promise<PrivacyExportPage> {
    return this.gatherer.page(request);
  }
}
