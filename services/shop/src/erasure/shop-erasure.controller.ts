import { Controller, Inject } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { type Erased, ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, Handles } from '@medical-qr/platform';
import { cartItems, checkouts, mockups, orders, shippingAddresses } from '../database/schema.js';
import { PrintifyClient } from '../printify/printify-client.js';

/** Who an erased person's orders belong to now: nobody. */
export const ERASED_OWNER = '00000000-0000-0000-0000-000000000000';

/**
 * Erasure (privacy's saga): the cart and the saved shipping address go, and the preview products at Printify with the person's QR code; orders
 * stay, as the accounts must, without the person: no owner, name, email, address or picture; checkouts likewise
 * keep only their amount. Idempotent: a retry finds less to do.
 */
@Controller()
export class ShopErasureController {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly printify: PrintifyClient,
  ) {}

  @Handles(ShopApi.eraseUser)
  async erase({ userId }: MessagePayload<typeof ShopApi.eraseUser>): Promise<Erased> {
    const { db } = this.database;
    const previews = await db.select({ id: mockups.printifyProductId }).from(mockups).where(eq(mockups.userId, userId));
    for (const preview of previews) {
      await this.printify.deleteProduct(preview.id);
      await db.delete(mockups).where(eq(mockups.printifyProductId, preview.id));
    }
    await db.transaction(async (tx) => {
      await tx.delete(cartItems).where(eq(cartItems.userId, userId));
      await tx.delete(shippingAddresses).where(eq(shippingAddresses.userId, userId));
      await tx
        .update(orders)
        .set({
          userId: ERASED_OWNER,
          buyerEmail: '',
          buyerName: '',
          addressLine1: '',
          addressLine2: '',
          city: '',
          state: '',
          postalCode: '',
          mockupUrl: '',
          appUrl: '',
        })
        .where(eq(orders.userId, userId));
      await tx
        .update(checkouts)
        .set({ userId: ERASED_OWNER, buyerEmail: '', buyerName: '', lines: [], appUrl: '' })
        .where(eq(checkouts.userId, userId));
    });
    return { erased: true };
  }
}
