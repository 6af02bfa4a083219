import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { orderSchema, ordersResponseSchema, ShopApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { type EmptyBody, emptyBodySchema } from '../billing/empty-body.js';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { itemIndexOf, orderIdOf } from './shop-params.js';
import { PROVIDER_CALL } from './shop-timeouts.js';

/** The signed-in user's orders and the printed tag of each; another user's order answers 404. */
@ApiTags('shop')
@Controller('orders')
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class OrdersController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('user')
  @ApiOperation({ summary: "The user's orders, newest first, each with its printed tag" })
  @ApiOkResponse({ standardSchema: ordersResponseSchema })
  list(@SignedIn() session: CurrentSession, @Req() req: Request) {
    return this.services.send(ShopApi.ordersList, {
      userId: session.data.userId,
      appUrl: appUrl(req, this.config),
    });
  }

  @Post(':id/sync-status')
  @HttpCode(200)
  @ApiOperation({ summary: 'Asks Printify for the order’s status and tracking now. Takes no input' })
  @ApiOkResponse({ standardSchema: orderSchema })
  sync(
    @Param('id') id: string,
    @Body({ schema: emptyBodySchema }) _body: EmptyBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.services.send(
      ShopApi.orderSync,
      { userId: session.data.userId, orderId: orderIdOf(id), appUrl: appUrl(req, this.config) },
      PROVIDER_CALL,
    );
  }

  @Post(':id/tags/:itemIndex/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Revokes the printed tag of one item (a lost keychain): it then opens no card; the order’s other items and the user’s codes keep working',
  })
  @ApiOkResponse({ standardSchema: orderSchema })
  revokeTag(
    @Param('id') id: string,
    @Param('itemIndex') itemIndex: string,
    @Body({ schema: emptyBodySchema }) _body: EmptyBody,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ) {
    return this.services.send(ShopApi.revokeOrderTag, {
      userId: session.data.userId,
      orderId: orderIdOf(id),
      itemIndex: itemIndexOf(itemIndex),
      appUrl: appUrl(req, this.config),
    });
  }
}
