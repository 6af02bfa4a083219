import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle, FIELD_CIPHER, type FieldCipher } from '@medical-qr/platform';
import { smsOptOuts, smsOutbox, smsReferenceMisses } from '../database/schema.js';
import type { Executor } from '../records/records.repository.js';

/** A text to write to the outbox. */
export interface NewText {
  id: string;
  /** E.164. */
  to: string;
  /** Keyed hash of `to` (NumberIndex). */
  toIndex: string;
  body: string;
  purpose: 'family-alert' | 'reference-reply';
  /** For a family alert: which alert, which contact, which round; the three make the text once. */
  alertId?: string;
  position?: number;
  round?: number;
  /** For an answer holding a card's facts: the card (the text goes when the card does). */
  recordId?: string;
}

/** A text as the worker sends it. */
export interface OutgoingText {
  id: string;
  to: string;
  toIndex: string;
  body: string;
  /** The provider's id once it took the text: sending it again would text the person twice. */
  providerSid: string | null;
}

const bodyContext = (id: string) => `${id}/body`;

/** A new outbox row's id. */
export const newTextId = () => randomUUID();

/**
 * The outbox of every text we send (recipient and words encrypted), the numbers that replied STOP, and the misses of
 * numbers that texted a reference that opened nothing.
 */
@Injectable()
export class SmsOutboxRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  /** Writes texts; one already written for the same alert, contact and round is left as it is. */
  async insert(texts: NewText[], executor: Executor = this.database.db): Promise<void> {
    if (texts.length === 0) return;
    await executor
      .insert(smsOutbox)
      .values(
        texts.map((text) => ({
          id: text.id,
          alertId: text.alertId,
          recordId: text.recordId,
          position: text.position,
          round: text.round,
          purpose: text.purpose,
          recipient: this.cipher.encrypt(text.to, text.id),
          recipientIndex: text.toIndex,
          body: this.cipher.encrypt(text.body, bodyContext(text.id)),
        })),
      )
      .onConflictDoNothing();
  }

  async find(id: string): Promise<OutgoingText | undefined> {
    const [row] = await this.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    if (!row) return undefined;
    return {
      id: row.id,
      to: this.cipher.decrypt(row.recipient, row.id),
      toIndex: row.recipientIndex,
      body: this.cipher.decrypt(row.body, bodyContext(row.id)),
      providerSid: row.providerSid,
    };
  }

  /** The ids of an alert's texts of one round (to queue them). */
  async idsOf(alertId: string, round: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.alertId, alertId), eq(smsOutbox.round, round)));
    return rows.map((row) => row.id);
  }

  /** Texts still waiting to be sent after `olderThan` (their job lost with a Redis that lost its data). */
  async findUnsent(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'queued'), isNull(smsOutbox.providerSid), lt(smsOutbox.createdAt, olderThan)))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  async markSent(id: string, providerSid: string, status: string): Promise<void> {
    await this.database.db
      .update(smsOutbox)
      .set({ providerSid, status, sentAt: new Date() })
      .where(eq(smsOutbox.id, id));
  }

  /** A text that will never go: refused by the provider for good, or to a number that replied STOP. */
  async markNotSent(id: string, status: 'failed' | 'opted-out', errorCode?: number): Promise<void> {
    await this.database.db
      .update(smsOutbox)
      .set({ status, errorCode: errorCode ?? null })
      .where(eq(smsOutbox.id, id));
  }

  /** The provider's later word on a text (sent, delivered, undelivered, failed). */
  async updateStatus(providerSid: string, status: string, errorCode?: number): Promise<boolean> {
    const updated = await this.database.db
      .update(smsOutbox)
      .set({ status, ...(errorCode === undefined ? {} : { errorCode }) })
      .where(eq(smsOutbox.providerSid, providerSid))
      .returning({ id: smsOutbox.id });
    return updated.length > 0;
  }

  async isOptedOut(numberIndex: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ numberIndex: smsOptOuts.numberIndex })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.numberIndex, numberIndex));
    return row !== undefined;
  }

  async optOut(numberIndex: string): Promise<void> {
    await this.database.db.insert(smsOptOuts).values({ numberIndex }).onConflictDoNothing();
  }

  async optIn(numberIndex: string): Promise<void> {
    await this.database.db.delete(smsOptOuts).where(eq(smsOptOuts.numberIndex, numberIndex));
  }

  /** Counts a text that opened no card; answers how many this number sent in the last `windowMs`, this one included. */
  async countMiss(numberIndex: string, windowMs: number): Promise<number> {
    await this.database.db.insert(smsReferenceMisses).values({ numberIndex });
    return this.missesSince(numberIndex, windowMs);
  }

  async missesSince(numberIndex: string, windowMs: number): Promise<number> {
    const [row] = await this.database.db
      .select({ misses: count() })
      .from(smsReferenceMisses)
      .where(
        and(
          eq(smsReferenceMisses.numberIndex, numberIndex),
          gt(smsReferenceMisses.missedAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
        ),
      );
    return row?.misses ?? 0;
  }

  /** Deletes what is kept only for a while: misses older than a day, texts older than `days`. */
  async deleteOld(days: number): Promise<void> {
    await this.database.db
      .delete(smsReferenceMisses)
      .where(lt(smsReferenceMisses.missedAt, sql`now() - interval '1 day'`));
    await this.database.db
      .delete(smsOutbox)
      .where(lt(smsOutbox.createdAt, sql`now() - make_interval(days => ${days})`));
  }
}
