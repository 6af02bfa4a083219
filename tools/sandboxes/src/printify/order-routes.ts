import type { Router } from 'express';
import { validationFailed } from './errors.js';
import { parseBody } from './http.js';
import { orderBody } from './orders.js';
import type { RouteContext } from './stand-in.js';
import type { Order } from './types.js';

/** Laravel's paginator, as Printify answers lists. */
function page(all: Order[], query: Record<string, string | undefined>) {
  const number = (name: string, fallback: number, max: number) => {
    const value = query[name] ?? String(fallback);
    if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
      throw validationFailed(name, `must be a whole number from 1 to ${max}`);
    }
    return Number(value);
  };
  const [current, perPage] = [number('page', 1, 100_000), number('limit', 10, 100)];
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  const data = all.slice((current - 1) * perPage, current * perPage);
  const from = data.length ? (current - 1) * perPage + 1 : null;
  return {
    current_page: current,
    data,
    first_page_url: '/?page=1',
    from,
    last_page: lastPage,
    last_page_url: `/?page=${lastPage}`,
    next_page_url: current < lastPage ? `/?page=${current + 1}` : null,
    path: '/',
    per_page: perPage,
    prev_page_url: current > 1 ? `/?page=${current - 1}` : null,
    to: from === null ? null : from + data.length - 1,
    total: all.length,
  };
}

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
