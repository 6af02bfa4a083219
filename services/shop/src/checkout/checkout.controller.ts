import { Controller } from '@nestjs/common';
import { ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { CheckoutService } from './checkout.service.js';

/** Checkout over NATS: starts a payment; the orders follow the payment's webhook. */
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Handles(ShopApi.quickCheckout)
  quick({ item, ...buyer }: MessagePayload<typeof ShopApi.quickCheckout>) {
    return this.checkout.quick(buyer, item);
  }

  @Handles(ShopApi.cartCheckout)
  cart({ cartItemIds, ...buyer }: MessagePayload<typeof ShopApi.cartCheckout>) {
    return this.checkout.fromCart(buyer, cartItemIds);
  }
}
