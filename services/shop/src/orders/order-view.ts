import type { Order, PrintedTag } from '@medical-qr/contracts';
import type { OrderRow } from '../database/schema.js';

/** The order with its items' tags (those issued so far, by item). */
export function toOrder(row: OrderRow, tags: PrintedTag[]): Order {
  return {
    id: row.id,
    productTitle: row.productTitle,
    variantLabel: row.variantLabel,
    quantity: row.quantity,
    totalPrice: row.totalPrice,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    printifyStatus: row.printifyStatus,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    mockupUrl: row.mockupUrl,
    tags: tags
      .filter((tag) => tag.orderId === row.id)
      .sort((a, b) => a.itemIndex - b.itemIndex)
      .map(({ itemIndex, url, tokenPrefix, reference, revokedAt }) => ({
        itemIndex,
        url,
        tokenPrefix,
        ...(reference ? { reference } : {}),
        revokedAt,
      })),
  };
}
