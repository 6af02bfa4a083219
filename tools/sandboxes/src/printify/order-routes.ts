import type { Router } from 'express';
import { page, parseBody } from './http.js';
import { orderBody } from './orders.js';
import type { RouteContext } from './route-context.js';

/** Orders: submit, read, list, send to production. */
export function orderRoutes(router: Router, { api, orders }: RouteContext): void {
  router.post(
    '/v1/shops/:shopId/orders.json',
    api((call) => orders.create(parseBody(orderBody, call.body))),
  );
  router.get(
    '/v1/shops/:shopId/orders.json',
    api((call) => page(orders.list(call.query.status), call.query)),
  );
  router.get(
    '/v1/shops/:shopId/orders/:orderId.json',
    api((call) => orders.get(call.path.orderId!)),
  );
  router.post(
    '/v1/shops/:shopId/orders/:orderId/send_to_production.json',
    api((call) => orders.sendToProduction(call.path.orderId!)),
  );
}
