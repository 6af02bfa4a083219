import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { BuyerReader } from './buyer.reader.js';
import { CartController } from './cart.controller.js';
import { CatalogController } from './catalog.controller.js';
import { CheckoutController } from './checkout.controller.js';
import { MockupsController } from './mockups.controller.js';
import { OrdersController } from './orders.controller.js';

/** The merch shop over HTTP: catalog, mockups, cart, checkout and orders (the shop service does the work). */
@Module({
  imports: [SessionModule],
  controllers: [CatalogController, MockupsController, CartController, CheckoutController, OrdersController],
  providers: [BuyerReader],
})
export class ShopModule {}
