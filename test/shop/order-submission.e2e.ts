import type { Order } from '@medical-qr/contracts';
import { eventually } from '../support/eventually.js';
import { cartLine, ordersOf, payWith, sharedPrintifyAdmin, shopperClient } from './shop-fixtures.js';

const ITEMS = 2;

/**
 * A paid order goes to Printify once, from its own job. The person's Sync Status (pressed at once, again and again,
 * as My Orders does on every load) only reads: it makes no product, no order and sends nothing to production.
 */
describe('sending a paid order to Printify', () => {
  it('happens once, from its job, however often Sync Status is pressed while it runs', async () => {
    const { client } = await shopperClient('order-submission');
    const { item } = await cartLine(client, { quantity: ITEMS });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    expect(checkout.status).toBe(200);
    expect((await payWith(client, checkout.body)).status).toBe(200);

    const [order] = await eventually(
      () => ordersOf(client),
      (orders) => orders.length === 1,
      30_000,
    );
    const seen: string[] = [];
    // Four tabs syncing at once, until the order is in production.
    await eventually(
      async () => {
        const synced = await Promise.all(
          Array.from({ length: 4 }, () => client.post(`/api/orders/${order!.id}/sync-status`, {})),
        );
        for (const answer of synced) {
          expect(answer.status).toBe(200);
          seen.push((answer.body as Order).status);
        }
        return seen.at(-1);
      },
      (status) => status === 'processing' || status === 'shipped' || status === 'delivered',
      60_000,
    );
    expect(seen).not.toContain('failed');

    const admin = sharedPrintifyAdmin();
    const made = await admin.productsFor(order!.id);
    expect(made.map((product) => product.title).sort()).toEqual(
      Array.from({ length: ITEMS }, (_, item) => `Acrylic Keychain (order ${order!.id.slice(0, 8)}, item ${item + 1})`),
    );
    expect(await admin.ordersFor(order!.id)).toHaveLength(1);
    const [mine] = await ordersOf(client);
    expect(mine!.tags).toHaveLength(ITEMS);
  }, 120_000);
});
