import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { routesController } from '../routes/routes-controller.js';
import { SHOP_ROUTES } from './shop.routes.js';

/** The merch shop over HTTP: catalog, mockups, cart, checkout and orders (the shop service does the work). */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [routesController('ShopRoutesController', 'shop', SHOP_ROUTES)],
})
export class ShopModule {}
