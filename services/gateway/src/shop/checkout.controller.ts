import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  cartCheckoutBodySchema,
  checkoutResponseSchema,
  quickCheckoutBodySchema,
  ShopApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { BuyerReader } from './buyer.reader.js';
import { PROVIDER_CALL } from './shop-timeouts.js';

/**
 * Checkout: a card payment for one item or the cart, priced by the server. The answer is the
 * PaymentIntent's client secret for the card form; the orders are made when the provider's webhook
 * confirms the payment, and `cart_cleared` then reaches the user's tabs.
 */
@ApiTags('shop')
@Controller('cart')
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class CheckoutController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly buyers: BuyerReader,
  ) {}

  @Post('quick-checkout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts paying for one item without the cart; the amount is the server’s' })
  @ApiOkResponse({ standardSchema: checkoutResponseSchema })
  async quick(
    @Body({ schema: quickCheckoutBodySchema }) body: z.infer<typeof quickCheckoutBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const buyer = await this.buyers.buyer(session.data.userId);
    return this.services.send(
      ShopApi.quickCheckout,
      { ...buyer, appUrl: appUrl(req, this.config), item: body.item },
      PROVIDER_CALL,
    );
  }

  @Post('create-checkout-session')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts paying for the cart as the server has it (optionally only the named lines)' })
  @ApiOkResponse({ standardSchema: checkoutResponseSchema })
  async cart(
    @Body({ schema: cartCheckoutBodySchema }) body: z.infer<typeof cartCheckoutBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const buyer = await this.buyers.buyer(session.data.userId);
    const cartItemIds = body.items?.map((item) => (typeof item === 'string' ? item : item.id));
    return this.services.send(
      ShopApi.cartCheckout,
      { ...buyer, appUrl: appUrl(req, this.config), ...(cartItemIds?.length ? { cartItemIds } : {}) },
      PROVIDER_CALL,
    );
  }
}
