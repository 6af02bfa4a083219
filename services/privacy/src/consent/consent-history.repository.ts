import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { consentEvents, type ConsentEventRow } from '../database/schema.js';

/** Every revocation and every consent given again, never changed afterwards. */
@Injectable()
export class ConsentHistoryRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async latest(userId: string): Promise<ConsentEventRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(desc(consentEvents.occurredAt), desc(consentEvents.id))
      .limit(1);
    return row;
  }

  async add(userId: string, given: boolean, reason: string): Promise<ConsentEventRow> {
    const [row] = await this.database.db.insert(consentEvents).values({ userId, given, reason }).returning();
    return row!;
  }
}
