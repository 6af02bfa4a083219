import { Controller, Inject } from '@nestjs/common';
import { eq, or } from 'drizzle-orm';
import { type Erased, RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { CONFIG, DATABASE, type DatabaseHandle, EmailIndex, Handles } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { consentWithdrawals, healthLinks, medicalRecords, printedTags } from '../database/schema.js';

/**
 * Erasure (privacy's saga): the person's records (their contacts and scan log go with them, by cascade), the codes
 * made anonymously with their email, their printed tags, health links and consent mark; in one transaction, idempotent.
 */
@Controller()
export class RecordsErasureController {
  private readonly emailIndex: EmailIndex;

  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(CONFIG) config: RecordsConfig,
  ) {
    this.emailIndex = new EmailIndex(config.EMAIL_INDEX_KEY);
  }

  @Handles(RecordsApi.eraseUser)
  async erase({ userId, email }: MessagePayload<typeof RecordsApi.eraseUser>): Promise<Erased> {
    await this.database.db.transaction(async (tx) => {
      // Health links go with the records they carry (cascade); deleted by owner too, whatever record they name.
      await tx.delete(healthLinks).where(eq(healthLinks.userId, userId));
      const ownRecords = eq(medicalRecords.userId, userId);
      await tx
        .delete(medicalRecords)
        .where(email ? or(ownRecords, eq(medicalRecords.emailIndex, this.emailIndex.of(email))) : ownRecords);
      await tx.delete(printedTags).where(eq(printedTags.userId, userId));
      await tx.delete(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
    });
    return { erased: true };
  }
}
