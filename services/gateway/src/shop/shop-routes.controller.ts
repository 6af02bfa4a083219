import { routesController } from '../routes/routes-controller.js';
import { SHOP_ROUTES } from './shop.routes.js';

/** The merch shop over HTTP: catalog, mockups, cart, checkout and orders (shop.routes.ts declares them). */
export const ShopRoutesController = routesController('ShopRoutesController', 'shop', SHOP_ROUTES);
