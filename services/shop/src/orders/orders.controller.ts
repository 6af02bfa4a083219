import { Controller } from '@nestjs/common';
import { ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { OrdersService } from './orders.service.js';

/** Orders over NATS, each scoped to its owner. */
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Handles(ShopApi.ordersList)
  list({ userId, appUrl }: MessagePayload<typeof ShopApi.ordersList>) {
    return this.orders.list(userId, appUrl);
  }

  @Handles(ShopApi.ordersExportPage)
  exportPage({ userId, appUrl, cursor }: MessagePayload<typeof ShopApi.ordersExportPage>) {
    return this.orders.exportPage(userId, appUrl, cursor);
  }

  @Handles(ShopApi.orderSync)
  sync({ userId, orderId, appUrl }: MessagePayload<typeof ShopApi.orderSync>) {
    return this.orders.syncForUser(userId, orderId, appUrl);
  }

  @Handles(ShopApi.revokeOrderTag)
  revokeTag({ userId, orderId, itemIndex, appUrl }: MessagePayload<typeof ShopApi.revokeOrderTag>) {
    return this.orders.revokeTag(userId, orderId, itemIndex, appUrl);
  }
}
