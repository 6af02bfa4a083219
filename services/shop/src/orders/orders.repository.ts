import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, lt, notInArray } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
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
