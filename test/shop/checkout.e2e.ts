import { ShopMessages } from '@medical-qr/contracts';
import { eventually } from '../support/eventually.js';
import { postWebhook, sharedPaymentSystem, signWebhook, stripeAdmin, TestCards } from '../support/stripe-payments.js';
import { addToCart, cartLine, ordersOf, payWith, shopperClient, waitForOrders } from './shop-fixtures.js';

describe('checkout', () => {
  it('pays for the cart at the server’s total and turns it into orders, once', async () => {
    const { client } = await shopperClient('checkout-cart');
    const first = await addToCart(client, { quantity: 2 });
    const second = await addToCart(client, { blueprintId: 566 });
    const checkout = await client.post('/api/cart/create-checkout-session', {});
    expect(checkout.status).toBe(200);
    expect(checkout.body.amount).toBe(first.itemTotal + second.itemTotal);
    expect(checkout.body.clientSecret).toMatch(/^pi_.+_secret_/);

    const paid = await payWith(client, checkout.body);
    expect(paid.status).toBe(200);
    const orders = await waitForOrders(client, 2);
    expect(orders.map((order) => order.totalPrice).sort()).toEqual([first.itemTotal, second.itemTotal].sort());
    expect((await client.get('/api/cart')).body).toEqual([]);
    expect((await client.get('/api/cart/count')).body).toEqual({ count: 0 });
    for (const order of orders) {
      // One printed tag per item, each its own link.
      expect(order.tags).toHaveLength(order.quantity);
      expect(new Set(order.tags.map((tag) => tag.url)).size).toBe(order.quantity);
      for (const tag of order.tags) {
        expect(tag).toMatchObject({ revokedAt: null });
        expect(tag.url).toMatch(/\/emergency\/[A-Za-z0-9_-]{22}$/);
      }
    }

    // Stripe sends the same event again: no order is made twice.
    const system = sharedPaymentSystem();
    const events = await stripeAdmin(system).events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const event = events.data.find(
      (candidate) => (candidate.data.object as { id: string }).id === checkout.body.paymentIntentId,
    );
    expect(event).toBeDefined();
    const payload = JSON.stringify(event);
    const replayed = await postWebhook(system, payload, signWebhook(system, payload));
    expect(replayed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await ordersOf(client)).toHaveLength(2);
  });

  it('leaves the cart intact and makes no order when the card is declined', async () => {
    const { client } = await shopperClient('checkout-declined');
    await addToCart(client);
    const checkout = await client.post('/api/cart/create-checkout-session', {});
    const declined = await payWith(client, checkout.body, TestCards.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await ordersOf(client)).toEqual([]);
    expect((await client.get('/api/cart')).body).toHaveLength(1);
  });

  it('quick checkout pays for one item without touching the cart', async () => {
    const { client } = await shopperClient('checkout-quick');
    const inCart = await addToCart(client);
    const { item } = await cartLine(client, { quantity: 3 });
    const checkout = await client.post('/api/cart/quick-checkout', { item: { ...item, unitPrice: 1 } });
    expect(checkout.status).toBe(200);
    expect(checkout.body.amount).toBe(624 * 3 + 450 + 2 * 150);
    expect((await payWith(client, checkout.body)).status).toBe(200);
    const [order] = await waitForOrders(client, 1);
    expect(order).toMatchObject({ quantity: 3, productTitle: 'Acrylic Keychain', totalPrice: checkout.body.amount });
    expect((await client.get('/api/cart')).body.map((line: { id: string }) => line.id)).toEqual([inCart.id]);
  });

  it('refuses an empty cart and a malformed body', async () => {
    const { client } = await shopperClient('checkout-empty');
    const empty = await client.post('/api/cart/create-checkout-session', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ShopMessages.cartEmpty);
    const bad = await client.post('/api/cart/quick-checkout', { item: { blueprintId: 1090 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/item/);
  });

  it('follows the order through Printify to shipped with a tracking link; another user gets 404', async () => {
    const { client } = await shopperClient('orders-sync');
    const { item } = await cartLine(client);
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    await payWith(client, checkout.body);
    const [order] = await waitForOrders(client, 1);
    const shipped = await eventually(
      async () => (await client.post(`/api/orders/${order!.id}/sync-status`, {})).body,
      (synced) => synced.status === 'shipped' || synced.status === 'delivered',
      40_000,
    );
    expect(shipped.trackingNumber).toEqual(expect.any(String));
    expect(shipped.trackingUrl).toMatch(/^https:\/\//);

    const { client: stranger } = await shopperClient('orders-stranger');
    const refused = await stranger.post(`/api/orders/${order!.id}/sync-status`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(ShopMessages.orderNotFound);
    expect((await stranger.post(`/api/orders/${order!.id}/tags/0/revoke`, {})).status).toBe(404);
    expect(await ordersOf(stranger)).toEqual([]);
  });
});
