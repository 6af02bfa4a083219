import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { CartItemInput, SavedShippingAddress } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { shippingAddresses } from '../database/schema.js';
import { addressColumnsOf, shipToOf } from './address-columns.js';

/** The address each user last shipped to: one row per user, replaced by every new cart line or quick checkout. */
@Injectable()
export class ShippingAddressRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async save(userId: string, item: CartItemInput): Promise<void> {
    const address = { ...addressColumnsOf(item), updatedAt: new Date() };
    await this.database.db
      .insert(shippingAddresses)
      .values({ userId, ...address })
      .onConflictDoUpdate({ target: shippingAddresses.userId, set: address });
  }

  async find(userId: string): Promise<SavedShippingAddress | null> {
    const [row] = await this.database.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, userId));
    if (!row) return null;
    return { ...shipToOf(row), updatedAt: row.updatedAt.toISOString() };
  }
}
