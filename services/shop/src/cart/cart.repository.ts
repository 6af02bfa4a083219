import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { cartItems, type CartItemRow, type NewCartItemRow } from '../database/schema.js';

/** Cart lines, always scoped to their owner: another user's line is as unknown as a missing one. */
@Injectable()
export class CartRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: NewCartItemRow): Promise<CartItemRow> {
    const [inserted] = await this.database.db.insert(cartItems).values(row).returning();
    return inserted!;
  }

  list(userId: string): Promise<CartItemRow[]> {
    return this.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }

  async find(userId: string, id: string): Promise<CartItemRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)));
    return row;
  }

  /** How many items (not lines) are in the cart. */
  async count(userId: string): Promise<number> {
    const rows = await this.database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    return rows.reduce((sum, row) => sum + row.quantity, 0);
  }

  async lines(userId: string): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    return row?.n ?? 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const deleted = await this.database.db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)))
      .returning({ id: cartItems.id });
    return deleted.length > 0;
  }

  /** The line's new quantity, written only while it is still at `version`; undefined when it is not (or gone). */
  async setQuantity(
    userId: string,
    id: string,
    quantity: number,
    discount: number,
    version: number,
  ): Promise<CartItemRow | undefined> {
    const [row] = await this.database.db
      .update(cartItems)
      .set({ quantity, discount, version: sql`${cartItems.version} + 1` })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id), eq(cartItems.version, version)))
      .returning();
    return row;
  }

  byIds(userId: string, ids: string[]): Promise<CartItemRow[]> {
    return this.database.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }
}
