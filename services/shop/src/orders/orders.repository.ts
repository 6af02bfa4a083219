import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES } from '@medical-qr/contracts';
import { DATABASE, exactTimestamp, type DatabaseHandle } from '@medical-qr/platform';
import { orders, type OrderRow } from '../database/schema.js';

/** Orders, scoped to their owner for everything a user asks; the jobs read them by id. */
@Injectable()
export class OrdersRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  listForUser(userId: string): Promise<OrderRow[]> {
    return this.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), asc(orders.lineIndex));
  }

  /**
   * One page of the user's orders for their export, in `listForUser`'s order (newest first, a checkout's lines in
   * order): at most `limit + 1` (the one past the page tells there is more), each with its exact sort key, starting
   * after `after`.
   */
  async exportPageForUser(
    userId: string,
    after: readonly [createdAt: string, lineIndex: number, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ row: OrderRow; key: [string, number, string] }>> {
    const rows = await this.database.db
      .select({ row: orders, createdAtKey: exactTimestamp(orders.createdAt) })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          after &&
            sql`(${orders.createdAt} < ${after[0]}::timestamptz or (${orders.createdAt} = ${after[0]}::timestamptz and (${orders.lineIndex}, ${orders.id}) > (${after[1]}, ${after[2]}::uuid)))`,
        ),
      )
      .orderBy(desc(orders.createdAt), asc(orders.lineIndex), asc(orders.id))
      .limit(limit + 1);
    return rows.map(({ row, createdAtKey }) => ({ row, key: [createdAtKey, row.lineIndex, row.id] }));
  }

  async findForUser(userId: string, id: string): Promise<OrderRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.id, id)));
    return row;
  }

  async find(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.database.db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  /** The order Printify knows by this id (its webhooks name orders so). */
  async findByPrintifyOrderId(printifyOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await this.database.db.select().from(orders).where(eq(orders.printifyOrderId, printifyOrderId));
    return row;
  }

  ofCheckout(checkoutId: string): Promise<OrderRow[]> {
    return this.database.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(asc(orders.lineIndex));
  }

  /** Orders that may still change, least recently synced first. */
  open(syncedBefore: Date, limit = 200): Promise<OrderRow[]> {
    return this.database.db
      .select()
      .from(orders)
      .where(and(notInArray(orders.status, [...FINAL_ORDER_STATUSES]), lt(orders.createdAt, syncedBefore)))
      .orderBy(asc(orders.syncedAt))
      .limit(limit);
  }

  async update(id: string, changes: Partial<OrderRow>): Promise<OrderRow> {
    const [row] = await this.database.db.update(orders).set(changes).where(eq(orders.id, id)).returning();
    return row!;
  }
}
