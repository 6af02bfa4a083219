import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  cartCountSchema,
  cartItemInputSchema,
  cartItemSchema,
  cartRemovedSchema,
  cartResponseSchema,
  quantityBodySchema,
  savedShippingAddressResponseSchema,
  type CartItemInput,
  ShopApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { expectedVersionOf, tagVersion } from '../http/entity-version.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { BuyerReader } from './buyer.reader.js';
import { cartItemIdOf } from './shop-params.js';
import { PROVIDER_CALL } from './shop-timeouts.js';

/**
 * The signed-in user's cart. Lines are priced by the shop service from the provider's cost, the
 * shipping profile and the user's plan; prices a client sends are ignored. Another user's line
 * answers 404, like one that does not exist.
 */
@ApiTags('shop')
@Controller('cart')
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class CartController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly buyers: BuyerReader,
  ) {}

  @Get()
  @ApiOperation({ summary: "The user's cart lines, oldest first, with the server's prices in cents" })
  @ApiOkResponse({ standardSchema: cartResponseSchema })
  list(@SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.cartList, { userId: session.data.userId });
  }

  @Get('count')
  @ApiOperation({ summary: 'How many items are in the cart' })
  @ApiOkResponse({ standardSchema: cartCountSchema })
  count(@SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.cartCount, { userId: session.data.userId });
  }

  @Get('shipping-address')
  @ApiOperation({
    summary:
      'The address the user last shipped to (their last cart line or quick checkout), to fill in the next one; null if none',
  })
  @ApiOkResponse({ standardSchema: savedShippingAddressResponseSchema })
  shippingAddress(@SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.savedShippingAddress, { userId: session.data.userId });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One cart line; 404 unless it is the user’s own' })
  @ApiOkResponse({ standardSchema: cartItemSchema })
  get(@Param('id') id: string, @SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.cartGet, { userId: session.data.userId, cartItemId: cartItemIdOf(id) });
  }

  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Adds a line for a product made by generate-mockup(-with-tag); needs an active code (403). Prices are computed by the server',
  })
  @ApiOkResponse({ standardSchema: cartItemSchema })
  async add(
    @Body({ schema: cartItemInputSchema }) item: CartItemInput,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    const { userId } = session.data;
    return this.services.send(
      ShopApi.cartAdd,
      { userId, isPremium: await this.buyers.isPremium(userId), appUrl: appUrl(req, this.config), item },
      PROVIDER_CALL,
    );
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Removes a line; 404 unless it is the user’s own' })
  @ApiOkResponse({ standardSchema: cartRemovedSchema })
  remove(@Param('id') id: string, @SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.cartRemove, {
      userId: session.data.userId,
      cartItemId: cartItemIdOf(id),
    });
  }

  @Patch(':id')
  @ApiOperation({
    summary:
      'Changes a line’s quantity (1-10); the shipping and total follow. With If-Match (the line’s version), a change made from an older version answers 409 EDIT_CONFLICT with the line as it is now in `current`',
  })
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The ETag (version) of the line the change was made from',
  })
  @ApiOkResponse({ standardSchema: cartItemSchema })
  async updateQuantity(
    @Param('id') id: string,
    @Body({ schema: quantityBodySchema }) body: z.infer<typeof quantityBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { userId } = session.data;
    const line = await this.services.send(ShopApi.cartUpdateQuantity, {
      userId,
      isPremium: await this.buyers.isPremium(userId),
      cartItemId: cartItemIdOf(id),
      quantity: body.quantity,
      expectedVersion: expectedVersionOf(req.header('if-match')),
    });
    tagVersion(res, line.version);
    return line;
  }
}
