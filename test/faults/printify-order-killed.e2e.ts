import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import type { Order } from '@medical-qr/contracts';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import type { HttpClient } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';
import { cartLine, ordersOf, payWith } from '../shop/shop-fixtures.js';
import { clearFaults, faultHit, injectFault, killProcess, printifyAdmin } from './provider-faults.js';
import { reportFault } from './request-stream.js';

/** A job's lock lapses this soon after its worker dies, so the job runs again within seconds, not a minute. */
const JOB_LOCK_MS = 3000;
/** Longer than any wait here: the reply the dead worker was waiting for never reaches anyone. */
const HELD_MS = 120_000;

const ITEMS = 2;

/**
 * The shop's worker SIGKILLed in the middle of sending a paid order to Printify, at the worst moment of each step:
 * Printify has done what was asked (the item's product made, the order made, the order sent to production) but the
 * worker dies before it reads the answer and stores it. The shop is started again; its job runs again once the dead
 * worker's lock lapses, and Printify ends up with one order for ours, sent to production once, one product per item,
 * and the person's order in production.
 */
describe('the shop killed while it sends an order to Printify', () => {
  let system: IsolatedStack;
  const figures = { requests: 0, lost: 0, duplicated: 0 };

  beforeAll(async () => {
    system = await startIsolatedStack('faults-printify-killed', {
      EMAIL_VERIFICATION: 'false',
      QUEUE_JOB_LOCK_MS: String(JOB_LOCK_MS),
      // The order stays in production while the test looks at it.
      SANDBOX_PRINTIFY_ORDER_STEP_MS: '600000',
    });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });

  /** A member with an active code (ordering needs one), and a paid-for quick checkout of `ITEMS` keychains. */
  async function paidOrder(label: string, beforePaying: () => Promise<number>) {
    const { client } = await registeredClient(system.url, label);
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const { item } = await cartLine(client, { quantity: ITEMS });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    expect(checkout.status).toBe(200);
    // Only now: the preview above made a product of its own.
    const fault = await beforePaying();
    expect((await payWith(client, checkout.body)).status).toBe(200);
    return { client, fault };
  }

  async function theOrder(client: HttpClient): Promise<Order> {
    const [order] = await eventually(
      () => ordersOf(client),
      (orders) => orders.length === 1,
      30_000,
    );
    return order!;
  }

  async function killShopOnceHit(fault: number) {
    await faultHit(system, fault);
    await killProcess(system, 'shop');
    await clearFaults(system);
    await system.stack.restart('shop');
  }

  /** After the restart: the order in production, once, at Printify as for the person. */
  async function expectSentOnce(client: HttpClient, what: string) {
    const order = await eventually(
      () => theOrder(client),
      (candidate) => candidate.status !== 'paid',
      90_000,
    );
    expect(order.status).toBe('processing');
    const printify = printifyAdmin(system);
    const orders = await printify.ordersFor(order.id);
    const products = await printify.productsFor(order.id);
    figures.requests++;
    figures.lost += orders.length === 0 ? 1 : 0;
    figures.duplicated += Math.max(0, orders.length - 1) + Math.max(0, products.length - ITEMS);
    expect({ what, orders: orders.length, products: products.length }).toEqual({
      what,
      orders: 1,
      products: ITEMS,
    });
    expect(orders[0]!.status).toBe('sending-to-production');
    expect(new Set(products.map((product) => product.title)).size).toBe(ITEMS);
    // Each item keeps its own printed tag.
    expect(order.tags).toHaveLength(ITEMS);
  }

  it('makes each item’s product once when the worker dies after Printify made one', async () => {
    const { client, fault } = await paidOrder('killed-product', () =>
      injectFault(system, {
        method: 'POST',
        path: String.raw`^/v1/shops/\d+/products\.json$`,
        mode: 'hold',
        ms: HELD_MS,
      }),
    );
    await killShopOnceHit(fault);
    await expectSentOnce(client, 'product made, worker killed');
  }, 150_000);

  it('makes the order once when the worker dies after Printify made it', async () => {
    const { client, fault } = await paidOrder('killed-order', () =>
      injectFault(system, {
        method: 'POST',
        path: String.raw`^/v1/shops/\d+/orders\.json$`,
        mode: 'hold',
        ms: HELD_MS,
      }),
    );
    await killShopOnceHit(fault);
    await expectSentOnce(client, 'order made, worker killed');
  }, 150_000);

  it('sends the order to production once when the worker dies after Printify started it', async () => {
    const { client, fault } = await paidOrder('killed-send', () =>
      injectFault(system, {
        method: 'POST',
        path: String.raw`^/v1/shops/\d+/orders/[^/]+/send_to_production\.json$`,
        mode: 'hold',
        ms: HELD_MS,
      }),
    );
    await killShopOnceHit(fault);
    await expectSentOnce(client, 'sent to production, worker killed');

    reportFault('shop worker SIGKILLed after Printify applied a product, an order, a send to production', figures);
    expect(figures).toEqual({ requests: 3, lost: 0, duplicated: 0 });
  }, 150_000);
});
