import type Stripe from 'stripe';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import type { StripeKeyResponse } from '@medical-qr/contracts';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import type { HttpClient } from '../support/http-client.js';
import {
  confirmCardPayment,
  paymentSystemOf,
  stripeAdmin,
  stripeCustomerOf,
  TestCards,
} from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { waitForPremium } from '../billing/billing-fixtures.js';
import { cartLine, ordersOf, payWith } from '../shop/shop-fixtures.js';
import { clearFaults, faultHit, injectFault, killProcess } from './provider-faults.js';
import { reportFault } from './request-stream.js';

/** Longer than any wait here: the reply billing was waiting for never reaches anyone. */
const HELD_MS = 120_000;

/**
 * Billing SIGKILLed while it waits for Stripe, at the worst moment: Stripe has made the object (the subscription,
 * the checkout's PaymentIntent) but billing dies before it reads the answer and stores it. The person is told to try
 * again (a 503, never a 500 or a hang); billing is started again; they try again and pay; Stripe's lists then show
 * one customer, one subscription and one payment for them: never two charges.
 */
describe('billing killed while it calls Stripe', () => {
  let system: IsolatedStack;
  let stripe: Stripe;
  const figures = { requests: 0, lost: 0, duplicated: 0 };

  beforeAll(async () => {
    system = await startIsolatedStack('faults-stripe-killed', { EMAIL_VERIFICATION: 'false' });
    stripe = stripeAdmin(paymentSystemOf(system));
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });

  /**
   * Starts the person's request, kills billing once Stripe has done what it asked, and answers what the person was
   * told and after how long. The gateway waits a provider action's full deadline (20 s) for a billing that died with
   * the request: the client here waits longer than that, to hear what the person hears.
   */
  async function killBillingDuring(client: HttpClient, path: string, route: string, body: unknown) {
    const fault = await injectFault(system, { method: 'POST', path, mode: 'hold', ms: HELD_MS });
    const started = Date.now();
    const answer = fetch(`${system.url}${route}`, {
      method: 'POST',
      signal: AbortSignal.timeout(60_000),
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': client.ip,
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { message?: string } }));
    try {
      await faultHit(system, fault);
      await killProcess(system, 'billing');
      await clearFaults(system);
      const told = await answer;
      figures.requests++;
      return { told, waited: Date.now() - started };
    } finally {
      await clearFaults(system);
      await system.stack.restart('billing');
    }
  }

  it('makes one subscription, and takes one payment, when billing dies after Stripe made the subscription', async () => {
    const { client, userId } = await registeredClient(system.url, 'killed-subscribe');
    const { told, waited } = await killBillingDuring(client, '^/v1/subscriptions$', '/api/create-subscription', {});
    expect({ status: told.status, message: told.body.message }).toEqual({
      status: 503,
      message: expect.stringMatching(/try again/i),
    });
    expect(waited).toBeLessThan(40_000);

    // Trying again: the subscription Stripe made is the one to pay.
    const again = await eventually(
      () => client.post('/api/create-subscription', {}),
      (reply) => reply.status === 200,
      30_000,
    );
    expect(again.body.clientSecret).toEqual(expect.any(String));
    const key = (await client.get('/api/config/stripe-key')).body as StripeKeyResponse;
    const paid = await confirmCardPayment(key, again.body.clientSecret, TestCards.succeeds, `${system.url}/premium`);
    expect(paid.status).toBe(200);
    await waitForPremium(client, 30_000);
    // And once more, as a person who is not sure it went through: nothing more to pay.
    expect((await client.post('/api/create-subscription', {})).body).toMatchObject({ requiresPayment: false });

    const customer = await stripeCustomerOf(paymentSystemOf(system), userId);
    const customers = (await stripe.customers.list({ limit: 100 })).data.filter(
      (candidate) => candidate.metadata.userId === userId,
    );
    const subscriptions = (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data;
    const payments = (await stripe.paymentIntents.list({ customer, limit: 100 })).data;
    const charged = payments.filter((intent) => intent.status === 'succeeded');
    figures.duplicated +=
      Math.max(0, customers.length - 1) + Math.max(0, subscriptions.length - 1) + Math.max(0, charged.length - 1);
    figures.lost += subscriptions.some((subscription) => subscription.status === 'active') ? 0 : 1;
    expect({
      customers: customers.length,
      subscriptions: subscriptions.map((subscription) => subscription.status),
      charged: charged.length,
    }).toEqual({ customers: 1, subscriptions: ['active'], charged: 1 });
  }, 150_000);

  it('makes one PaymentIntent per checkout, and one order, when billing dies after Stripe made the PaymentIntent', async () => {
    const { client, userId } = await registeredClient(system.url, 'killed-merch');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const { item } = await cartLine(client);
    const { told, waited } = await killBillingDuring(client, '^/v1/payment_intents$', '/api/cart/quick-checkout', {
      item,
    });
    expect({ status: told.status, message: told.body.message }).toEqual({
      status: 503,
      message: expect.stringMatching(/try again/i),
    });
    expect(waited).toBeLessThan(40_000);

    const checkout = await eventually(
      () => client.post('/api/cart/quick-checkout', { item }),
      (reply) => reply.status === 200,
      30_000,
    );
    expect((await payWith(client, checkout.body)).status).toBe(200);
    await eventually(
      () => ordersOf(client),
      (orders) => orders.length === 1 && orders[0]!.status !== 'paid',
      60_000,
    );
    // A moment for a second order to show, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const orders = await ordersOf(client);

    const merch = (await stripe.paymentIntents.list({ limit: 100 })).data.filter(
      (intent) => intent.metadata.userId === userId,
    );
    const checkouts = merch.map((intent) => intent.metadata.checkoutId);
    const charged = merch.filter((intent) => intent.status === 'succeeded');
    figures.duplicated +=
      checkouts.length - new Set(checkouts).size + Math.max(0, charged.length - 1) + Math.max(0, orders.length - 1);
    figures.lost += orders.length === 0 ? 1 : 0;
    // The first checkout's PaymentIntent was made but never reached the person: nothing can pay it.
    expect(new Set(checkouts).size).toBe(checkouts.length);
    expect(charged.map((intent) => intent.id)).toEqual([checkout.body.paymentIntentId]);
    expect(orders).toHaveLength(1);

    reportFault('billing SIGKILLed after Stripe made a subscription, a PaymentIntent', figures);
    expect(figures).toEqual({ requests: 2, lost: 0, duplicated: 0 });
  }, 150_000);
});
