import { randomBytes } from 'node:crypto';
import { signedInClient } from '../support/accounts.js';
import { uniqueEmail } from '../support/http-client.js';
import { sharedPaymentSystem, stripeAdmin, stripeCustomerOf, type PaymentSystem } from '../support/stripe-payments.js';

describe('idempotency: the same request twice makes one thing at Stripe', () => {
  let system: PaymentSystem;
  beforeAll(() => {
    system = sharedPaymentSystem();
  });

  it('two create-subscription calls at once (a double click) make one customer and one subscription', async () => {
    const { client } = await signedInClient('double-click');
    const userId = (await client.get('/api/auth/user')).body.id as string;

    const [first, second] = await Promise.all([
      client.post('/api/create-subscription', {}),
      client.post('/api/create-subscription', {}),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ requiresPayment: true, clientSecret: expect.stringMatching(/^pi_/) });

    // A reload of the subscribe page asks again: still the same first payment, not a new subscription.
    const reload = await client.post('/api/create-subscription', {});
    expect(reload.body.clientSecret).toBe(first.body.clientSecret);

    const customer = await stripeCustomerOf(system, userId);
    expect(customer).toMatch(/^cus_/);
    const subscriptions = await stripeAdmin(system).subscriptions.list({ customer, status: 'all' });
    expect(subscriptions.data).toHaveLength(1);
    expect(subscriptions.data[0]).toMatchObject({ status: 'incomplete', customer });
  });

  it("the SDK's Idempotency-Key: the same key answers the same object, another key a new one", async () => {
    const admin = stripeAdmin(system);
    const key = `test-${randomBytes(8).toString('hex')}`;
    const email = uniqueEmail('idempotent');
    const first = await admin.customers.create({ email }, { idempotencyKey: key });
    const again = await admin.customers.create({ email }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const other = await admin.customers.create({ email }, { idempotencyKey: `${key}-2` });
    expect(other.id).not.toBe(first.id);
    // Stripe refuses a key reused for a different request, rather than answering the wrong object.
    await expect(
      admin.customers.create({ email: uniqueEmail('other') }, { idempotencyKey: key }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });
});
