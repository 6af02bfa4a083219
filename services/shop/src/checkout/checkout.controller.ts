import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { cartCheckoutRequestSchema, quickCheckoutRequestSchema, ShopPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { CheckoutService } from './checkout.service.js';

/** Checkout over NATS: starts a payment; the orders follow the payment's webhook. */
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @MessagePattern(ShopPatterns.quickCheckout)
  quick(
    @Payload(new ZodPayload(quickCheckoutRequestSchema))
    { item, ...buyer }: z.infer<typeof quickCheckoutRequestSchema>,
  ) {
    return this.checkout.quick(buyer, item);
  }

  @MessagePattern(ShopPatterns.cartCheckout)
  cart(
    @Payload(new ZodPayload(cartCheckoutRequestSchema))
    { cartItemIds, ...buyer }: z.infer<typeof cartCheckoutRequestSchema>,
  ) {
    return this.checkout.fromCart(buyer, cartItemIds);
  }
}
