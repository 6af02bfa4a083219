import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { emailTokens, type EmailTokenPurpose } from '../database/schema.js';

/** How long each kind of emailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The row of a token that would be accepted now: this kind, unused, unexpired. */
const usable = (token: string, purpose: EmailTokenPurpose) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, sql`now()`),
  );

/** Single-use, expiring links. The mail holds the token; the database only its hash. */
@Injectable()
export class EmailTokensRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Makes a new token, retiring the user's earlier unused ones of the same kind. */
  async issue(userId: string, purpose: EmailTokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.database.db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
      await tx.insert(emailTokens).values({
        tokenHash: hashToken(token),
        userId,
        purpose,
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
      });
    });
    return token;
  }

  /** Whether a token would be accepted now (valid, unused, unexpired), without using it. */
  async isUsable(token: string, purpose: EmailTokenPurpose): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(usable(token, purpose));
    return row !== undefined;
  }

  /** The user a token was issued to, whether or not it is still usable. */
  async ownerOf(token: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
    return row?.userId;
  }

  /** Uses a token once: answers its user id if it was valid, unused and unexpired, and marks it used in the same statement. */
  async consume(token: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
    const [row] = await this.database.db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(token, purpose))
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  }
}
