import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { deletionRequests, type DeletionRequestRow } from '../database/schema.js';

/** One deletion request per person: the latest, requested or cancelled. */
@Injectable()
export class DeletionRequestsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async find(userId: string): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, userId));
    return row;
  }

  /** Requests deletion unless a request is already pending; undefined when one was (two clicks make one request). */
  async request(
    userId: string,
    reason: string,
    requestedAt: Date,
    scheduledAt: Date,
  ): Promise<DeletionRequestRow | undefined> {
    const values = {
      userId,
      status: 'requested' as const,
      reason,
      requestedAt,
      scheduledAt,
      cancelledAt: null,
    };
    const [row] = await this.database.db
      .insert(deletionRequests)
      .values(values)
      .onConflictDoUpdate({
        target: deletionRequests.userId,
        set: { status: values.status, reason, requestedAt: values.requestedAt, scheduledAt, cancelledAt: null },
        setWhere: eq(deletionRequests.status, 'cancelled'),
      })
      .returning();
    return row;
  }

  /** Requests deletion now (a pending request too is brought forward to now): the erasure follows at once. */
  async requestNow(userId: string, reason: string): Promise<DeletionRequestRow> {
    const now = new Date();
    const [row] = await this.database.db
      .insert(deletionRequests)
      .values({ userId, status: 'requested', reason, requestedAt: now, scheduledAt: now, cancelledAt: null })
      .onConflictDoUpdate({
        target: deletionRequests.userId,
        set: { status: 'requested', reason, requestedAt: now, scheduledAt: now, cancelledAt: null },
      })
      .returning();
    return row!;
  }

  /** Cancels a pending request; undefined when there was none. */
  async cancel(userId: string): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.database.db
      .update(deletionRequests)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(deletionRequests.userId, userId), eq(deletionRequests.status, 'requested')))
      .returning();
    return row;
  }
}
