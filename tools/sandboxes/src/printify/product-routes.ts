import type { Router } from 'express';
import { notFound } from './errors.js';
import { page, parseBody, type ApiCall } from './http.js';
import { productBody, type StoredProduct } from './products.js';
import type { RouteContext } from './route-context.js';
import type { Product } from './types.js';

/**
 * `POST` and `GET /v1/shops/{shop}/products.json` (newest first, at most 50 a page, as Printify), `GET` and
 * `DELETE /v1/shops/{shop}/products/{id}.json`.
 */
export function productRoutes(router: Router, { api, products, shopId, webhooks }: RouteContext): void {
  const json = (stored: StoredProduct, call: ApiCall): Product => ({
    ...stored.product,
    images: products.images(stored, call.base),
  });
  const find = (call: ApiCall) => {
    const stored = products.get(call.path.productId!);
    if (!stored) throw notFound(`Product ${call.path.productId}`);
    return stored;
  };
  router.post(
    '/v1/shops/:shopId/products.json',
    api((call) => json(products.create(shopId, parseBody(productBody, call.body)), call)),
  );
  router.get(
    '/v1/shops/:shopId/products.json',
    api((call) => {
      const listed = page(products.list(), call.query, 50);
      return { ...listed, data: listed.data.map((stored) => json(stored, call)) };
    }),
  );
  router.get(
    '/v1/shops/:shopId/products/:productId.json',
    api((call) => json(find(call), call)),
  );
  router.delete(
    '/v1/shops/:shopId/products/:productId.json',
    api((call) => {
      const { product } = find(call);
      products.delete(product.id);
      webhooks.publish('product:deleted', { id: product.id, type: 'product', data: { shop_id: shopId } });
      return {};
    }),
  );
}
