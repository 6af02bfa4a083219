import { Inject, Injectable } from '@nestjs/common';
import { countryName, type ReceiptLine, type ReceiptMailRequest, IdentityApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { OrderRow } from '../database/schema.js';
import { OrdersRepository } from '../orders/orders.repository.js';

function receiptLine(order: OrderRow): ReceiptLine {
  // As an envelope (and the cart) writes it: "Portland, OR 97201".
  const place = [order.city, [order.state, order.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    description: `${order.productTitle}, ${order.variantLabel}`,
    quantity: order.quantity,
    amountCents: order.totalPrice,
    orderId: order.id,
    shipTo: [
      order.buyerName,
      order.addressLine1,
      order.addressLine2,
      place,
      countryName(order.countryCode) ?? order.countryCode,
    ].filter((part) => part.trim() !== ''),
  };
}

/**
 * A paid checkout's receipt: its orders (item, quantity, total, order number, where each ships), asked of identity,
 * which owns mail and sends one receipt per checkout (the receipt id names it) however often this runs.
 */
@Injectable()
export class OrderReceipt {
  constructor(
    private readonly orders: OrdersRepository,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
  ) {}

  async send(checkoutId: string): Promise<void> {
    const made = await this.orders.ofCheckout(checkoutId);
    const first = made[0];
    // Erased since it paid (its orders kept without the person), or never paid: nobody to send a receipt to.
    if (!first || first.buyerEmail === '') return;
    const request: ReceiptMailRequest = {
      kind: 'order',
      userId: first.userId,
      receiptId: `order-${checkoutId}`,
      appUrl: first.appUrl,
      lines: made.map(receiptLine),
      totalCents: made.reduce((sum, order) => sum + order.totalPrice, 0),
      paidAt: first.createdAt.toISOString(),
    };
    await this.services.send(IdentityApi.mailReceipt, request);
  }
}
