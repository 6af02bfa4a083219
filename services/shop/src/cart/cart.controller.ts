import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  cartAddRequestSchema,
  cartItemRequestSchema,
  cartOwnerRequestSchema,
  cartQuantityRequestSchema,
  ShopPatterns,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { CartService } from './cart.service.js';

/** The cart over NATS; every pattern names the user whose cart it is. */
@Controller()
export class CartController {
  constructor(private readonly cart: CartService) {}

  @MessagePattern(ShopPatterns.cartList)
  list(@Payload(new ZodPayload(cartOwnerRequestSchema)) { userId }: z.infer<typeof cartOwnerRequestSchema>) {
    return this.cart.list(userId);
  }

  @MessagePattern(ShopPatterns.cartGet)
  get(@Payload(new ZodPayload(cartItemRequestSchema)) { userId, cartItemId }: z.infer<typeof cartItemRequestSchema>) {
    return this.cart.get(userId, cartItemId);
  }

  @MessagePattern(ShopPatterns.cartCount)
  async count(@Payload(new ZodPayload(cartOwnerRequestSchema)) { userId }: z.infer<typeof cartOwnerRequestSchema>) {
    return { count: await this.cart.count(userId) };
  }

  @MessagePattern(ShopPatterns.cartAdd)
  add(
    @Payload(new ZodPayload(cartAddRequestSchema))
    { userId, isPremium, appUrl, item }: z.infer<typeof cartAddRequestSchema>,
  ) {
    return this.cart.add(userId, isPremium, appUrl, item);
  }

  @MessagePattern(ShopPatterns.cartRemove)
  async remove(
    @Payload(new ZodPayload(cartItemRequestSchema)) { userId, cartItemId }: z.infer<typeof cartItemRequestSchema>,
  ) {
    await this.cart.remove(userId, cartItemId);
    return { deleted: true };
  }

  @MessagePattern(ShopPatterns.cartUpdateQuantity)
  updateQuantity(
    @Payload(new ZodPayload(cartQuantityRequestSchema))
    { userId, isPremium, cartItemId, quantity, expectedVersion }: z.infer<typeof cartQuantityRequestSchema>,
  ) {
    return this.cart.updateQuantity(userId, isPremium, cartItemId, quantity, expectedVersion);
  }
}
