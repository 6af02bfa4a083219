import type { CartItem } from '@medical-qr/contracts';
import type { CartItemRow } from '../database/schema.js';
import { shipToOf } from '../shipping-address/address-columns.js';

/** (unit price - discount) x quantity + first item shipping + (quantity - 1) x each additional item. */
export function lineTotal(
  row: Pick<CartItemRow, 'unitPrice' | 'discount' | 'quantity' | 'shippingFirst' | 'shippingAdditional'>,
): number {
  return (
    (row.unitPrice - row.discount) * row.quantity + row.shippingFirst + (row.quantity - 1) * row.shippingAdditional
  );
}

export function toCartItem(row: CartItemRow): CartItem {
  return {
    id: row.id,
    medicalRecordId: row.medicalRecordId,
    blueprintId: row.blueprintId,
    variantId: row.variantId,
    printProviderId: row.printProviderId,
    productTitle: row.productTitle,
    variantLabel: row.variantLabel,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    shippingFirst: row.shippingFirst,
    shippingAdditional: row.shippingAdditional,
    discount: row.discount,
    itemTotal: lineTotal(row),
    ...shipToOf(row),
    mockupUrl: row.mockupUrl,
    qrScale: row.qrScale,
    printifyProductId: row.printifyProductId,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}
