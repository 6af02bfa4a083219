import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  orderRequestSchema,
  ordersListRequestSchema,
  orderTagRequestSchema,
  ShopPatterns,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { OrdersService } from './orders.service.js';

/** Orders over NATS, each scoped to its owner. */
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(ShopPatterns.ordersList)
  list(@Payload(new ZodPayload(ordersListRequestSchema)) { userId, appUrl }: z.infer<typeof ordersListRequestSchema>) {
    return this.orders.list(userId, appUrl);
  }

  @MessagePattern(ShopPatterns.orderSync)
  sync(@Payload(new ZodPayload(orderRequestSchema)) { userId, orderId, appUrl }: z.infer<typeof orderRequestSchema>) {
    return this.orders.syncForUser(userId, orderId, appUrl);
  }

  @MessagePattern(ShopPatterns.revokeOrderTag)
  revokeTag(
    @Payload(new ZodPayload(orderTagRequestSchema))
    { userId, orderId, itemIndex, appUrl }: z.infer<typeof orderTagRequestSchema>,
  ) {
    return this.orders.revokeTag(userId, orderId, itemIndex, appUrl);
  }
}
