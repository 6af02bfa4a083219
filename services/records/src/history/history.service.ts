import { Injectable } from '@nestjs/common';
import { ErrorCodes, RecordsMessages, type HistoryQuery, type HistoryResponse } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { PremiumStatusClient } from '../premium/premium-status.client.js';
import { toMedicalRecord } from '../records/record-views.js';
import { RecordsRepository } from '../records/records.repository.js';
import { historyPage } from './history-page.js';

/**
 * Premium history: every record the user has made, searched here after decryption (the database
 * holds no medical text to search), paged after filtering, QR images drawn for the page only.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly premium: PremiumStatusClient,
  ) {}

  async page(userId: string, query: HistoryQuery, appUrl: string): Promise<HistoryResponse> {
    if (!(await this.premium.isPremium(userId))) {
      throw new AppError(ErrorCodes.PREMIUM_REQUIRED, RecordsMessages.premiumHistoryRequired);
    }
    const { records, total } = historyPage(await this.records.listByUser(userId), query);
    return { records: await Promise.all(records.map((record) => toMedicalRecord(record, appUrl))), total };
  }
}
