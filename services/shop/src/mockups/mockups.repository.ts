import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { MockupTag } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { cartItems, mockups, orders, type MockupRow } from '../database/schema.js';

/** The products made for previews, per user. */
@Injectable()
export class MockupsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: Omit<MockupRow, 'createdAt'>): Promise<void> {
    await this.database.db.insert(mockups).values(row);
  }

  /** The user's own mockup product, or undefined (someone else's is as good as unknown). */
  async find(userId: string, printifyProductId: string): Promise<MockupRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(mockups)
      .where(and(eq(mockups.userId, userId), eq(mockups.printifyProductId, printifyProductId)));
    return row;
  }

  /**
   * Whether the product's pictures are the user's to see: a preview they made, a cart line of theirs, or one of their
   * orders (whose picture is the cart line's mockup, or the product made for it). Mockups show the owner's live card.
   */
  async isOwnedBy(userId: string, printifyProductId: string): Promise<boolean> {
    const { db } = this.database;
    const [preview, line, order] = await Promise.all([
      db
        .select({ one: sql`1` })
        .from(mockups)
        .where(and(eq(mockups.userId, userId), eq(mockups.printifyProductId, printifyProductId)))
        .limit(1),
      db
        .select({ one: sql`1` })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.printifyProductId, printifyProductId)))
        .limit(1),
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            or(
              sql`${orders.printifyProductIds} ? ${printifyProductId}`,
              sql`${orders.mockupUrl} like ${`%/mockup/${printifyProductId}/%`}`,
            ),
          ),
        )
        .limit(1),
    ]);
    return preview.length + line.length + order.length > 0;
  }

  /** Keeps a preview past the customizer's cleanup: it now backs a cart line or a checkout. */
  async tag(printifyProductId: string, tag: MockupTag): Promise<void> {
    await this.database.db
      .update(mockups)
      .set({ tag })
      .where(and(eq(mockups.printifyProductId, printifyProductId), isNull(mockups.tag)));
  }

  /** The user's untagged previews: what the customizer leaves behind. */
  untaggedOf(userId: string): Promise<MockupRow[]> {
    return this.database.db
      .select()
      .from(mockups)
      .where(and(eq(mockups.userId, userId), isNull(mockups.tag)));
  }

  /**
   * Products nothing needs any more: untagged previews older than `before`, and tagged ones as
   * old that no cart line uses (the line was removed or ordered; an order makes its own product).
   */
  leftovers(before: Date, limit = 100): Promise<MockupRow[]> {
    return this.database.db
      .select()
      .from(mockups)
      .where(
        and(
          lt(mockups.createdAt, before),
          or(
            isNull(mockups.tag),
            notExists(
              this.database.db
                .select({ one: sql`1` })
                .from(cartItems)
                .where(eq(cartItems.printifyProductId, mockups.printifyProductId)),
            ),
          ),
        ),
      )
      .limit(limit);
  }

  async delete(printifyProductIds: string[]): Promise<void> {
    if (printifyProductIds.length === 0) return;
    await this.database.db.delete(mockups).where(inArray(mockups.printifyProductId, printifyProductIds));
  }
}
