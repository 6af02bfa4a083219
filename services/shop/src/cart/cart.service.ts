import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type CartItem, type CartItemInput, ErrorCodes, merchPrice, ShopMessages } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { MockupsRepository } from '../mockups/mockups.repository.js';
import { RecordsClient } from '../records/records.client.js';
import { ShippingAddressRepository } from '../shipping-address/shipping-address.repository.js';
import type { CartItemRow } from '../database/schema.js';
import { addressColumnsOf } from '../shipping-address/address-columns.js';
import { toCartItem } from './cart-item-view.js';
import { CartRepository } from './cart.repository.js';
import { LinePricer, productOf } from './line-pricer.js';

/** More lines than anyone orders at once; a bound so a cart cannot grow without end. */
export const MAX_CART_LINES = 20;

/** The signed-in user's cart: lines priced by the server, changed only by their owner. */
@Injectable()
export class CartService {
  constructor(
    private readonly cart: CartRepository,
    private readonly pricer: LinePricer,
    private readonly mockups: MockupsRepository,
    private readonly records: RecordsClient,
    private readonly addresses: ShippingAddressRepository,
  ) {}

  async add(userId: string, isPremium: boolean, appUrl: string, item: CartItemInput): Promise<CartItem> {
    // Ordering needs an active code: the QR printed is the user's.
    const record = await this.records.requireActive(userId, appUrl);
    if ((await this.cart.lines(userId)) >= MAX_CART_LINES) {
      throw new AppError(ErrorCodes.CONFLICT, `Your cart holds at most ${MAX_CART_LINES} items; check out first.`);
    }
    const priced = await this.pricer.price(userId, isPremium, item);
    const { mockup, price } = priced;
    const row = await this.cart.insert({
      id: randomUUID(),
      userId,
      medicalRecordId: record.id,
      ...productOf(priced),
      unitPrice: price.unitPrice,
      discount: price.discount,
      shippingFirst: price.shippingFirst,
      shippingAdditional: price.shippingAdditional,
      ...addressColumnsOf(item),
    });
    await this.mockups.tag(mockup.printifyProductId, 'in_cart');
    // The next line's customizer starts from this address.
    await this.addresses.save(userId, item);
    return toCartItem(row);
  }

  async list(userId: string): Promise<CartItem[]> {
    return (await this.cart.list(userId)).map(toCartItem);
  }

  async get(userId: string, cartItemId: string): Promise<CartItem> {
    const row = await this.cart.find(userId, cartItemId);
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.cartItemNotFound);
    return toCartItem(row);
  }

  count(userId: string): Promise<number> {
    return this.cart.count(userId);
  }

  async remove(userId: string, cartItemId: string): Promise<void> {
    if (!(await this.cart.delete(userId, cartItemId))) {
      throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.cartItemNotFound);
    }
  }

  /**
   * A new quantity; the discount follows the user's plan now (the unit price is twice the stored cost). Given
   * `expectedVersion`, a change made from an older version of the line is refused with the line as it is now.
   */
  async updateQuantity(
    userId: string,
    isPremium: boolean,
    cartItemId: string,
    quantity: number,
    expectedVersion?: number,
  ): Promise<CartItem> {
    const row = await this.cart.find(userId, cartItemId);
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.cartItemNotFound);
    if (expectedVersion !== undefined && row.version !== expectedVersion) throw editConflict(row);
    const { discount } = merchPrice({
      providerCost: row.unitPrice / 2,
      quantity,
      profile: {
        first_item: { cost: row.shippingFirst, currency: 'USD' },
        additional_items: { cost: row.shippingAdditional, currency: 'USD' },
      },
      isPremium,
    });
    // Written only over the version just read: a change that lands in between makes this one a conflict.
    const updated = await this.cart.setQuantity(userId, cartItemId, quantity, discount, row.version);
    if (updated) return toCartItem(updated);
    const now = await this.cart.find(userId, cartItemId);
    if (!now) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.cartItemNotFound);
    throw editConflict(now);
  }
}

function editConflict(current: CartItemRow) {
  return new AppError(ErrorCodes.EDIT_CONFLICT, ShopMessages.cartLineChanged, { current: toCartItem(current) });
}
