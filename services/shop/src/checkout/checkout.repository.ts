import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import { DATABASE, type DatabaseHandle, type EventTransaction } from '@medical-qr/platform';
import { cartItems, checkouts, type CheckoutRow, type NewOrderRow, orders } from '../database/schema.js';

/** Checkouts (payments in progress) and the orders a paid one becomes. */
@Injectable()
export class CheckoutRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async insert(row: Omit<CheckoutRow, 'createdAt' | 'paidAt' | 'paymentIntentId'>): Promise<void> {
    await this.database.db.insert(checkouts).values(row);
  }

  async setPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
    await this.database.db.update(checkouts).set({ paymentIntentId }).where(eq(checkouts.id, id));
  }

  /** The checkout, locked for the transaction: two deliveries of one payment make its orders once. */
  async lockForPayment(tx: EventTransaction, id: string, userId: string): Promise<CheckoutRow | undefined> {
    const [row] = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)))
      .for('update');
    return row;
  }

  /** Marks the checkout paid, makes its orders and empties the cart lines it paid for, in one transaction. */
  async completePayment(
    tx: EventTransaction,
    checkout: CheckoutRow,
    paymentIntentId: string,
    newOrders: NewOrderRow[],
  ): Promise<void> {
    await tx.update(checkouts).set({ paidAt: new Date(), paymentIntentId }).where(eq(checkouts.id, checkout.id));
    if (newOrders.length) await tx.insert(orders).values(newOrders).onConflictDoNothing();
    const paidLines = checkout.lines.flatMap((line) => (line.cartItemId ? [line.cartItemId] : []));
    if (paidLines.length) {
      await tx.delete(cartItems).where(and(eq(cartItems.userId, checkout.userId), inArray(cartItems.id, paidLines)));
    }
  }
}
