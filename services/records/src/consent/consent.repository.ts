import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { consentWithdrawals } from '../database/schema.js';

/** Whose consent to show their records is withdrawn. Setting the same answer twice changes nothing. */
@Injectable()
export class ConsentRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async set(userId: string, given: boolean): Promise<void> {
    if (given) {
      await this.database.db.delete(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
      return;
    }
    await this.database.db.insert(consentWithdrawals).values({ userId }).onConflictDoNothing();
  }
}
