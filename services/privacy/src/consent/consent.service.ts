import { Injectable } from '@nestjs/common';
import { ErrorCodes, PrivacyMessages } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { RecordsClient } from '../records/records.client.js';
import { ConsentHistoryRepository } from './consent-history.repository.js';

/** A person's consent to show their medical information: given when they made their code, revocable, given again. */
@Injectable()
export class ConsentService {
  constructor(
    private readonly history: ConsentHistoryRepository,
    private readonly records: RecordsClient,
  ) {}

  /** Consent stands until revoked (it was given with every record); `changedAt` is its last change, if any. */
  async current(userId: string): Promise<{ given: boolean; changedAt: Date | null }> {
    const latest = await this.history.latest(userId);
    return { given: latest?.given ?? true, changedAt: latest?.occurredAt ?? null };
  }

  revoke(userId: string, reason: string) {
    return this.change(userId, false, reason);
  }

  give(userId: string, reason: string) {
    return this.change(userId, true, reason);
  }

  /**
   * Records first, then the history: if records does not answer, nothing is written and the person is told to try
   * again; if the history write fails after records agreed, trying again sets the same answer and writes it.
   */
  private async change(userId: string, given: boolean, reason: string) {
    if ((await this.current(userId)).given === given) {
      throw new AppError(
        ErrorCodes.CONFLICT,
        given ? PrivacyMessages.consentAlreadyGiven : PrivacyMessages.consentAlreadyRevoked,
      );
    }
    await this.records.setConsent(userId, given);
    await this.history.add(userId, given, reason);
  }
}
