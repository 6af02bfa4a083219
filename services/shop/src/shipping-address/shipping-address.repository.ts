import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { CartItemInput, SavedShippingAddress } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle } from '@medical-qr/platform';
import { shippingAddresses } from '../database/schema.js';

/** The address each user last shipped to: one row per user, replaced by every new cart line or quick checkout. */
@Injectable()
export class ShippingAddressRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async save(userId: string, item: CartItemInput): Promise<void> {
    const address = {
      countryCode: item.countryCode,
      addressLine1: item.shippingAddressLine1,
      addressLine2: item.shippingAddressLine2,
      city: item.shippingCity,
      state: item.shippingState,
      postalCode: item.shippingPostalCode,
      updatedAt: new Date(),
    };
    await this.database.db
      .insert(shippingAddresses)
      .values({ userId, ...address })
      .onConflictDoUpdate({ target: shippingAddresses.userId, set: address });
  }

  async find(userId: string): Promise<SavedShippingAddress | null> {
    const [row] = await this.database.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, userId));
    if (!row) return null;
    return {
      countryCode: row.countryCode,
      shippingAddressLine1: row.addressLine1,
      shippingAddressLine2: row.addressLine2,
      shippingCity: row.city,
      shippingState: row.state,
      shippingPostalCode: row.postalCode,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
