import { Controller } from '@nestjs/common';
import { ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { CartService } from './cart.service.js';

/** The cart over NATS; every pattern names the user whose cart it is. */
@Controller()
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Handles(ShopApi.cartList)
  list({ userId }: MessagePayload<typeof ShopApi.cartList>) {
    return this.cart.list(userId);
  }

  @Handles(ShopApi.cartGet)
  get({ userId, cartItemId }: MessagePayload<typeof ShopApi.cartGet>) {
    return this.cart.get(userId, cartItemId);
  }

  @Handles(ShopApi.cartCount)
  async count({ userId }: MessagePayload<typeof ShopApi.cartCount>) {
    return { count: await this.cart.count(userId) };
  }

  @Handles(ShopApi.cartAdd)
  add({ userId, isPremium, appUrl, item }: MessagePayload<typeof ShopApi.cartAdd>) {
    return this.cart.add(userId, isPremium, appUrl, item);
  }

  @Handles(ShopApi.cartRemove)
  async remove({ userId, cartItemId }: MessagePayload<typeof ShopApi.cartRemove>): Promise<{ deleted: true }> {
    await this.cart.remove(userId, cartItemId);
    return { deleted: true };
  }

  @Handles(ShopApi.cartUpdateQuantity)
  updateQuantity({
    userId,
    isPremium,
    cartItemId,
    quantity,
    expectedVersion,
  }: MessagePayload<typeof ShopApi.cartUpdateQuantity>) {
    return this.cart.updateQuantity(userId, isPremium, cartItemId, quantity, expectedVersion);
  }
}
