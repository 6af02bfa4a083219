import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { ShopRoutesController } from './shop-routes.controller.js';

/** The merch shop over HTTP: catalog, mockups, cart, checkout and orders (the shop service does the work). */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [ShopRoutesController],
})
export class ShopModule {}
