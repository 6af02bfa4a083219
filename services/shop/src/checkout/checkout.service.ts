import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type CartItemInput, type CheckoutResponse, ErrorCodes, ShopMessages } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { lineTotal } from '../cart/cart-item-view.js';
import { CartRepository } from '../cart/cart.repository.js';
import { LinePricer, productOf } from '../cart/line-pricer.js';
import type { CheckoutLine } from '../database/schema.js';
import { MockupsRepository } from '../mockups/mockups.repository.js';
import { RecordsClient } from '../records/records.client.js';
import { addressColumnsOf } from '../shipping-address/address-columns.js';
import { ShippingAddressRepository } from '../shipping-address/shipping-address.repository.js';
import { BillingClient } from './billing.client.js';
import { CheckoutRepository } from './checkout.repository.js';

export interface Buyer {
  userId: string;
  email: string;
  name: string;
  isPremium: boolean;
  appUrl: string;
}

/**
 * Starts a payment for one item (quick checkout) or the cart: the lines are priced and frozen in a
 * checkout, billing makes the PaymentIntent, and the browser confirms it with the card. Nothing is
 * ordered here: the orders are made when the provider's webhook says the payment went through.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly checkouts: CheckoutRepository,
    private readonly cart: CartRepository,
    private readonly pricer: LinePricer,
    private readonly mockups: MockupsRepository,
    private readonly records: RecordsClient,
    private readonly billing: BillingClient,
    private readonly addresses: ShippingAddressRepository,
  ) {}

  async quick(buyer: Buyer, item: CartItemInput): Promise<CheckoutResponse> {
    await this.records.requireActive(buyer.userId, buyer.appUrl);
    const priced = await this.pricer.price(buyer.userId, buyer.isPremium, item);
    await this.mockups.tag(priced.mockup.printifyProductId, 'quick_checkout');
    // The next order's customizer starts from this address.
    await this.addresses.save(buyer.userId, item);
    const line: CheckoutLine = {
      cartItemId: null,
      ...productOf(priced),
      itemTotal: priced.price.itemTotal,
      ...addressColumnsOf(item),
    };
    return this.pay(buyer, 'quick', [line]);
  }

  /** The cart as the server has it (optionally only the named lines). */
  async fromCart(buyer: Buyer, cartItemIds?: string[]): Promise<CheckoutResponse> {
    await this.records.requireActive(buyer.userId, buyer.appUrl);
    const rows = cartItemIds?.length
      ? await this.cart.byIds(buyer.userId, cartItemIds)
      : await this.cart.list(buyer.userId);
    if (rows.length === 0) throw new AppError(ErrorCodes.VALIDATION_ERROR, ShopMessages.cartEmpty);
    const lines: CheckoutLine[] = rows.map((row) => ({
      cartItemId: row.id,
      blueprintId: row.blueprintId,
      printProviderId: row.printProviderId,
      variantId: row.variantId,
      productTitle: row.productTitle,
      variantLabel: row.variantLabel,
      quantity: row.quantity,
      itemTotal: lineTotal(row),
      countryCode: row.countryCode,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      qrScale: row.qrScale,
      mockupUrl: row.mockupUrl,
      printifyProductId: row.printifyProductId,
    }));
    return this.pay(buyer, 'cart', lines);
  }

  private async pay(buyer: Buyer, kind: 'quick' | 'cart', lines: CheckoutLine[]): Promise<CheckoutResponse> {
    const id = randomUUID();
    const amount = lines.reduce((sum, line) => sum + line.itemTotal, 0);
    await this.checkouts.insert({
      id,
      userId: buyer.userId,
      kind,
      lines,
      amount,
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      appUrl: buyer.appUrl,
    });
    const description =
      lines.length === 1
        ? `Medical QR merch: ${lines[0]!.quantity} x ${lines[0]!.productTitle}`
        : `Medical QR merch: ${lines.length} items`;
    const payment = await this.billing.createMerchPayment({
      userId: buyer.userId,
      email: buyer.email,
      name: buyer.name,
      checkoutId: id,
      amountCents: amount,
      description: description.slice(0, 500),
    });
    await this.checkouts.setPaymentIntent(id, payment.paymentIntentId);
    return { clientSecret: payment.clientSecret, paymentIntentId: payment.paymentIntentId, amount };
  }
}
