import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle, linkTokenHash, newLinkToken } from '@medical-qr/platform';
import { anonymousCodeConfirmations, medicalRecords } from '../database/schema.js';
import type { Executor } from '../records/records.repository.js';

/**
 * Links mailed to one address in a day, whoever asked: the anonymous form is open to anyone, so an address
 * could otherwise be sent a mail per code a stranger makes with it.
 */
export const CONFIRMATION_MAILS_PER_EMAIL_PER_DAY = 3;

/** A new code's link, to be mailed. */
export interface CodeToConfirm {
  recordId: string;
  emailIndex: string;
  /** The code's own end: the link lasts as long as the code. */
  expiresAt: Date;
}

/** What following a link did. */
export type ConfirmationOutcome =
  { outcome: 'confirmed'; expiresAt: Date } | { outcome: 'invalid' | 'used' | 'expired' | 'conflict' };

/** Holds the address's lock until the transaction ends: its link count and its one confirmed code are decided one at a time. */
async function lockEmail(executor: Executor, emailIndex: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`anonymous-email:${emailIndex}`}, 0))`);
}

/**
 * The single-use links that prove an anonymous code's email: one per code, only its hash kept, expiring with the
 * code. Following one marks the code email-confirmed, the one condition for it to be claimed into an account.
 */
@Injectable()
export class CodeConfirmationsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Makes the code's link inside the transaction that writes the code; answers its token, or undefined when the
   * address has had its links for the day (the code is made all the same, and stays unconfirmed).
   */
  async issueWith(executor: Executor, code: CodeToConfirm): Promise<string | undefined> {
    await lockEmail(executor, code.emailIndex);
    const [sent] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(anonymousCodeConfirmations)
      .where(
        and(
          eq(anonymousCodeConfirmations.emailIndex, code.emailIndex),
          gt(anonymousCodeConfirmations.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    if ((sent?.count ?? 0) >= CONFIRMATION_MAILS_PER_EMAIL_PER_DAY) return undefined;
    const token = newLinkToken();
    await executor.insert(anonymousCodeConfirmations).values({ ...code, tokenHash: linkTokenHash(token) });
    return token;
  }

  /** Drops a code's link that could not be mailed: it counts against nobody and confirms nothing. */
  async withdraw(recordId: string): Promise<void> {
    await this.database.db.delete(anonymousCodeConfirmations).where(eq(anonymousCodeConfirmations.recordId, recordId));
  }

  /**
   * Uses a link once: its code becomes email-confirmed, unless the link is unknown, used, past its code's end, or
   * the address already has a confirmed code (an address keeps one; the link then stays unused).
   */
  async confirm(token: string): Promise<ConfirmationOutcome> {
    return this.database.db.transaction(async (tx) => {
      const [link] = await tx
        .select()
        .from(anonymousCodeConfirmations)
        .where(eq(anonymousCodeConfirmations.tokenHash, linkTokenHash(token)))
        .for('update');
      if (!link) return { outcome: 'invalid' };
      if (link.usedAt) return { outcome: 'used' };
      if (link.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' };
      await lockEmail(tx, link.emailIndex);
      const [confirmed] = await tx
        .select({ id: medicalRecords.id })
        .from(medicalRecords)
        .where(and(eq(medicalRecords.emailIndex, link.emailIndex), isNotNull(medicalRecords.emailConfirmedAt)))
        .limit(1);
      if (confirmed) return { outcome: 'conflict' };
      await tx
        .update(medicalRecords)
        .set({ emailConfirmedAt: sql`now()` })
        .where(eq(medicalRecords.id, link.recordId));
      await tx
        .update(anonymousCodeConfirmations)
        .set({ usedAt: sql`now()` })
        .where(eq(anonymousCodeConfirmations.recordId, link.recordId));
      return { outcome: 'confirmed', expiresAt: link.expiresAt };
    });
  }
}
