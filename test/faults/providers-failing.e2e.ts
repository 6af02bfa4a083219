import type Stripe from 'stripe';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { BillingMessages, type Order, type StripeKeyResponse } from '@medical-qr/contracts';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import type { HttpClient, HttpResult } from '../support/http-client.js';
import {
  confirmCardPayment,
  paymentSystemOf,
  stripeAdmin,
  stripeCustomerOf,
  TestCards,
} from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { waitForPremium } from '../billing/billing-fixtures.js';
import { cartLine, firstChoice, Keychain, ordersOf, payWith } from '../shop/shop-fixtures.js';
import { clearFaults, faultOf, injectFault, printifyAdmin, type FaultRule } from './provider-faults.js';
import { reportFault } from './request-stream.js';

/** How long the shop waits for one Printify call here (15 s in production). */
const PRINTIFY_TIMEOUT_MS = 3000;
/** How long billing waits for one Stripe call here before the SDK tries again (5 s in production). */
const STRIPE_TIMEOUT_MS = 3000;
/** How long the gateway and the shop wait for billing to answer a payment step. */
const BILLING_DEADLINE_MS = 20_000;
const ITEMS = 2;

const PRINTIFY = {
  upload: String.raw`^/v1/uploads/images\.json$`,
  products: String.raw`^/v1/shops/\d+/products\.json$`,
  orders: String.raw`^/v1/shops/\d+/orders\.json$`,
  send: String.raw`^/v1/shops/\d+/orders/[^/]+/send_to_production\.json$`,
};
const STRIPE = { subscriptions: '^/v1/subscriptions$', paymentIntents: '^/v1/payment_intents$' };

/**
 * The Stripe and Printify stand-ins answering 500s, not answering at all, or answering after the caller gave up.
 * A paid order's job retries with backoff until Printify is back, and Printify ends up with the order once; what a
 * person asked for (a preview, a subscription, a checkout) is answered 503 "try again" within its deadline, never a
 * 500 or a hang, and trying again after the outage charges them once.
 */
describe('Stripe and Printify failing', () => {
  let system: IsolatedStack;
  let stripe: Stripe;
  const figures = { requests: 0, lost: 0, duplicated: 0 };

  beforeAll(async () => {
    system = await startIsolatedStack('faults-providers', {
      EMAIL_VERIFICATION: 'false',
      PRINTIFY_TIMEOUT_MS: String(PRINTIFY_TIMEOUT_MS),
      STRIPE_TIMEOUT_MS: String(STRIPE_TIMEOUT_MS),
      SANDBOX_PRINTIFY_ORDER_STEP_MS: '600000',
    });
    stripe = stripeAdmin(paymentSystemOf(system));
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });
  afterEach(() => clearFaults(system));

  const fault = (rule: FaultRule) => injectFault(system, { method: 'POST', ...rule });

  /** What the person asked for, how long they waited, and what they were told. */
  async function timed(request: () => Promise<HttpResult>) {
    const started = Date.now();
    const reply = await request();
    figures.requests++;
    return { status: reply.status, message: (reply.body as { message?: string }).message, ms: Date.now() - started };
  }

  /** A member with an active code and a paid-for quick checkout of `ITEMS` keychains (faults set after the preview). */
  async function paidOrder(label: string, faults: () => Promise<unknown>) {
    const { client } = await registeredClient(system.url, label);
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const { item } = await cartLine(client, { quantity: ITEMS });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    expect(checkout.status).toBe(200);
    await faults();
    expect((await payWith(client, checkout.body)).status).toBe(200);
    return client;
  }

  async function expectInProductionOnce(client: HttpClient, timeoutMs: number): Promise<Order> {
    const [order] = await eventually(
      () => ordersOf(client),
      (orders) => orders.length === 1 && orders[0]!.status !== 'paid',
      timeoutMs,
    );
    figures.requests++;
    const printify = printifyAdmin(system);
    const orders = await printify.ordersFor(order!.id);
    const products = await printify.productsFor(order!.id);
    figures.lost += orders.length === 0 || order!.status === 'failed' ? 1 : 0;
    figures.duplicated += Math.max(0, orders.length - 1) + Math.max(0, products.length - ITEMS);
    expect({ status: order!.status, orders: orders.length, products: products.length }).toEqual({
      status: 'processing',
      orders: 1,
      products: ITEMS,
    });
    return order!;
  }

  it('retries a paid order with backoff while Printify answers 500s, and makes it once', async () => {
    let failing = 0;
    const client = await paidOrder('printify-500', async () => {
      failing = await fault({ path: PRINTIFY.orders, mode: 'fail', status: 500, times: 3 });
    });
    await expectInProductionOnce(client, 60_000);
    // Each try waited longer than the one before (the queue's exponential backoff, from 1 s).
    const { hitsAt } = await faultOf(system, failing);
    const gaps = hitsAt.slice(1).map((at, index) => at - hitsAt[index]!);
    expect(gaps).toHaveLength(2);
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
  }, 120_000);

  it('makes each product and the order once when Printify answers only after the shop gave up', async () => {
    const client = await paidOrder('printify-late', async () => {
      // Done at Printify, answered too late: the shop's next try must find them, not make them again.
      await fault({ path: PRINTIFY.products, mode: 'hold', ms: PRINTIFY_TIMEOUT_MS + 3000 });
      await fault({ path: PRINTIFY.orders, mode: 'hold', ms: PRINTIFY_TIMEOUT_MS + 3000 });
      await fault({ path: PRINTIFY.send, mode: 'hold', ms: PRINTIFY_TIMEOUT_MS + 3000 });
    });
    await expectInProductionOnce(client, 90_000);
  }, 150_000);

  it('answers a preview 503 "try again" while Printify fails or hangs, within its deadline', async () => {
    const { client } = await registeredClient(system.url, 'printify-preview');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const choice = await firstChoice(client, Keychain.blueprintId);
    const preview = () =>
      timed(() => client.post('/api/printify/generate-mockup-with-tag', { ...choice, scale: 0.5, tag: 'in_cart' }));

    await fault({ path: PRINTIFY.upload, mode: 'fail', status: 500 });
    const failed = await preview();
    await fault({ path: PRINTIFY.upload, mode: 'hang', ms: 60_000 });
    const hung = await preview();
    const back = await preview();
    for (const told of [failed, hung]) {
      expect({ status: told.status, message: told.message }).toEqual({
        status: 503,
        message: expect.stringMatching(/try again/i),
      });
    }
    expect(hung.ms).toBeLessThan(PRINTIFY_TIMEOUT_MS + 10_000);
    expect(back.status).toBe(200);
  }, 120_000);

  /** The subscribe screen: create-subscription, then the card form pays its client secret. */
  async function subscribe(client: HttpClient, clientSecret: string) {
    const key = (await client.get('/api/config/stripe-key')).body as StripeKeyResponse;
    const paid = await confirmCardPayment(key, clientSecret, TestCards.succeeds, `${system.url}/premium`);
    expect(paid.status).toBe(200);
    await waitForPremium(client, 30_000);
  }

  async function expectOneSubscriptionPaidOnce(userId: string) {
    const customer = await stripeCustomerOf(paymentSystemOf(system), userId);
    const subscriptions = (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data;
    const charged = (await stripe.paymentIntents.list({ customer, limit: 100 })).data.filter(
      (intent) => intent.status === 'succeeded',
    );
    figures.duplicated += Math.max(0, subscriptions.length - 1) + Math.max(0, charged.length - 1);
    expect({ subscriptions: subscriptions.map((s) => s.status), charged: charged.length }).toEqual({
      subscriptions: ['active'],
      charged: 1,
    });
  }

  it('subscribes through a few Stripe 500s; an outage says "try again", and trying again charges once', async () => {
    // A blip: the SDK tries again (same idempotency key) and the person never knows.
    const blip = await registeredClient(system.url, 'stripe-blip');
    const blipped = await fault({ path: STRIPE.subscriptions, mode: 'fail', status: 500, times: 2 });
    const created = await blip.client.post('/api/create-subscription', {});
    figures.requests++;
    expect(created.status).toBe(200);
    expect((await faultOf(system, blipped)).hits).toBe(2);
    await subscribe(blip.client, created.body.clientSecret);
    await expectOneSubscriptionPaidOnce(blip.userId);

    // An outage: told to try again, soon.
    const { client, userId } = await registeredClient(system.url, 'stripe-outage');
    await fault({ path: STRIPE.subscriptions, mode: 'fail', status: 500, times: 100 });
    const told = await timed(() => client.post('/api/create-subscription', {}));
    expect({ status: told.status, message: told.message }).toEqual({
      status: 503,
      message: expect.stringMatching(/try again/i),
    });
    await clearFaults(system);
    const again = await client.post('/api/create-subscription', {});
    expect(again.status).toBe(200);
    await subscribe(client, again.body.clientSecret);
    await expectOneSubscriptionPaidOnce(userId);
  }, 150_000);

  it('checks out through a Stripe that answers late; one that does not answer says "try again"; one charge', async () => {
    const { client, userId } = await registeredClient(system.url, 'stripe-slow');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const { item } = await cartLine(client);

    // Stripe not answering at all: billing gives up (three tries) before the shop and the gateway stop waiting for
    // it, and the person hears billing's own "try again".
    await fault({ path: STRIPE.paymentIntents, mode: 'hang', ms: 60_000, times: 100 });
    const told = await timed(() => client.post('/api/cart/quick-checkout', { item }));
    expect({ status: told.status, message: told.message }).toEqual({
      status: 503,
      message: BillingMessages.providerUnavailable,
    });
    expect(told.ms).toBeLessThan(BILLING_DEADLINE_MS);
    await clearFaults(system);

    // Stripe makes the PaymentIntent but its answer comes after the SDK gave up: its retry gets the same one.
    const late = await fault({ path: STRIPE.paymentIntents, mode: 'hold', ms: STRIPE_TIMEOUT_MS + 5000 });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    figures.requests++;
    expect(checkout.status).toBe(200);
    expect((await faultOf(system, late)).hits).toBe(1);
    expect((await payWith(client, checkout.body)).status).toBe(200);
    await eventually(
      () => ordersOf(client),
      (orders) => orders.length === 1 && orders[0]!.status !== 'paid',
      60_000,
    );

    const merch = (await stripe.paymentIntents.list({ limit: 100 })).data.filter(
      (intent) => intent.metadata.userId === userId,
    );
    const checkouts = merch.map((intent) => intent.metadata.checkoutId);
    const charged = merch.filter((intent) => intent.status === 'succeeded');
    figures.duplicated += checkouts.length - new Set(checkouts).size + Math.max(0, charged.length - 1);
    expect(new Set(checkouts).size).toBe(checkouts.length);
    expect(charged.map((intent) => intent.id)).toEqual([checkout.body.paymentIntentId]);
    expect(await ordersOf(client)).toHaveLength(1);

    reportFault('Stripe and Printify answering 500s, hanging, answering late', figures);
    expect(figures.lost + figures.duplicated).toBe(0);
  }, 150_000);
});
