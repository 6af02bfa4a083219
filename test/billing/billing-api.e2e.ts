import { BillingMessages, RecordsMessages } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { sharedPaymentSystem, stripeAdmin, subscribeWithCard, TestCards } from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { premiumClient, premiumStatusOf, subscriptionIdOf, waitForPremium } from './billing-fixtures.js';
import { eventually, pause } from '../support/eventually.js';

const DAY = 24 * 3600 * 1000;
const NOT_PREMIUM = { isPremium: false, expiresAt: null };
const twoContacts = () =>
  medicalForm({
    emergencyContacts: [
      { name: 'Bartholomew Quist', phone: '+44 (0) 7700-900123', relationship: 'Brother', isPrimary: true },
      { name: 'Oona Fairweather', phone: '+1 555 0177', relationship: 'Partner', isPrimary: false },
    ],
  });

const PREMIUM_ROUTES = [
  ['GET', '/api/premium/status'],
  ['GET', '/api/subscription/details'],
  ['POST', '/api/subscription/cancel'],
  ['POST', '/api/subscription/resume'],
  ['POST', '/api/create-subscription'],
  ['POST', '/api/activate-premium'],
] as const;

describe('premium routes, signed out', () => {
  it('answers 401 to each and tells nothing', async () => {
    const visitor = new HttpClient();
    for (const [method, path] of PREMIUM_ROUTES) {
      const response = await visitor.request(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: response.status, code: response.body.code }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });
});

describe('GET /api/config/stripe-key', () => {
  it("answers the stand-in's publishable key and the address its card form calls, which the CSP allows", async () => {
    const response = await new HttpClient().get('/api/config/stripe-key');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ key: expect.stringMatching(/^pk_test_/), apiUrl: expect.any(String) });
    const { key, apiUrl } = response.body as { key: string; apiUrl: string };
    // The stand-in the services use, as a browser on this machine reaches it.
    expect(new URL(apiUrl).port).toBe(new URL(sharedPaymentSystem().stripeApiUrl).port);

    // The browser reaches it with that key, from our pages (CORS open), as Stripe.js reaches Stripe.
    const method = await fetch(`${apiUrl}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': TestCards.succeeds,
        'card[exp_month]': '12',
        'card[exp_year]': '2040',
        'card[cvc]': '123',
      }),
    });
    expect(method.status).toBe(200);
    expect(method.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await method.json()) as { id: string }).id).toMatch(/^pm_/);

    const page = await new HttpClient().get('/');
    const connectSrc = String(page.headers.get('content-security-policy'))
      .split(';')
      .find((directive) => directive.trim().startsWith('connect-src'));
    expect(connectSrc).toContain(new URL(apiUrl).origin);
    expect(connectSrc).not.toContain('api.stripe.com');
  });
});

describe('subscribing with a card', () => {
  it('4242: premium within seconds (from the webhook), a never-expiring code and a second contact', async () => {
    const { client } = await signedInClient('subscriber');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    expect(Date.parse(record.expiresAt)).toBeGreaterThan(Date.now());
    // Free: one contact only.
    const refused = await client.request('PUT', `/api/medical-records/${record.id}`, twoContacts());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`emergencyContacts: ${RecordsMessages.tooManyContactsFree}`);
    expect(await premiumStatusOf(client)).toEqual(NOT_PREMIUM);

    const { created, confirmation } = await subscribeWithCard(client, TestCards.succeeds);
    expect(created.body).toEqual({
      requiresPayment: true,
      status: 'incomplete',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    });
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 999 });

    // Nobody told the gateway the payment went through: the signed webhook did.
    const started = Date.now();
    const status = await waitForPremium(client);
    expect(status).toEqual({ isPremium: true, expiresAt: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(10_000);
    // A calendar month ahead.
    expect(Date.parse(status.expiresAt!)).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(Date.parse(status.expiresAt!)).toBeLessThan(Date.now() + 32 * DAY);

    const activated = await client.post('/api/activate-premium', {});
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual(status);
    expect((await client.get('/api/auth/user')).body.isPremium).toBe(true);

    const details = await client.get('/api/subscription/details');
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      status: 'active',
      startedAt: expect.any(String),
      currentPeriodStart: expect.any(String),
      currentPeriodEnd: status.expiresAt,
      cancelAtPeriodEnd: false,
      priceCents: 999,
      currency: 'usd',
      interval: 'month',
    });

    // The code that was going to expire never does now, and takes a second contact.
    const lifted = await eventually(
      async () => (await client.get('/api/medical-records/active')).body,
      (active) => active?.expiresAt === null,
    );
    expect(lifted).toMatchObject({ id: record.id, token: record.token, expiresAt: null });
    const updated = await client.request('PUT', `/api/medical-records/${record.id}`, twoContacts());
    expect(updated.status).toBe(200);
    expect(updated.body.emergencyContacts).toHaveLength(2);
    expect(updated.body.expiresAt).toBeNull();
    const card = await new HttpClient().get(`/api/emergency-card/${record.token}`);
    expect(card.body.emergencyContacts.map((c: { name: string }) => c.name)).toEqual([
      'Bartholomew Quist',
      'Oona Fairweather',
    ]);

    // Subscribing again while premium asks for nothing.
    const again = await client.post('/api/create-subscription', {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ requiresPayment: false, status: 'active', clientSecret: null });
  });

  it("a declined card: the provider's 402 and message, no premium, the code keeps its expiry", async () => {
    const { client } = await signedInClient('declined');
    const record = (await client.post('/api/medical-records', medicalForm())).body;

    const { confirmation } = await subscribeWithCard(client, TestCards.declined);
    expect(confirmation.status).toBe(402);
    expect(confirmation.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });

    // Asking the provider (as the success page would) finds nothing paid.
    const activated = await client.post('/api/activate-premium', {});
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual(NOT_PREMIUM);
    // Whatever webhooks the failure sends have had time to arrive, and granted nothing.
    await pause(2000);
    expect(await premiumStatusOf(client)).toEqual(NOT_PREMIUM);
    expect((await client.get('/api/auth/user')).body.isPremium).toBe(false);
    expect((await client.get('/api/subscription/details')).status).toBe(404);
    const active = (await client.get('/api/medical-records/active')).body;
    expect(active).toMatchObject({ id: record.id, expiresAt: record.expiresAt });
    expect((await client.request('PUT', `/api/medical-records/${record.id}`, twoContacts())).status).toBe(400);
  });
});

describe('cancel and resume', () => {
  it('cancel keeps premium to the period end (canceling); resume makes it renew again; Stripe agrees each time', async () => {
    const system = sharedPaymentSystem();
    const { client, userId, status } = await premiumClient(system, 'canceler');
    const before = (await client.get('/api/subscription/details')).body;
    const admin = stripeAdmin(system);
    const subscriptionId = await subscriptionIdOf(system, userId);

    const canceled = await client.post('/api/subscription/cancel', {});
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({
      cancelAt: before.currentPeriodEnd,
      subscription: { ...before, status: 'canceling', cancelAtPeriodEnd: true },
    });
    expect((await client.get('/api/subscription/details')).body).toEqual(canceled.body.subscription);
    expect(await premiumStatusOf(client)).toEqual(status);
    expect((await admin.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);

    const twice = await client.post('/api/subscription/cancel', {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(BillingMessages.alreadyCanceling);

    const resumed = await client.post('/api/subscription/resume', {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual(before);
    expect((await client.get('/api/subscription/details')).body).toEqual(before);
    expect(await premiumStatusOf(client)).toEqual(status);
    expect((await admin.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);

    const nothingToResume = await client.post('/api/subscription/resume', {});
    expect(nothingToResume.status).toBe(409);
    expect(nothingToResume.body.message).toBe(BillingMessages.nothingToResume);
  });

  it("without a subscription: 404 for details, cancel and resume; another user's subscription is never seen", async () => {
    const system = sharedPaymentSystem();
    const subscriber = await premiumClient(system, 'neighbour');
    const { client } = await signedInClient('no-subscription');
    for (const [method, path] of [
      ['GET', '/api/subscription/details'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/subscription/resume'],
    ] as const) {
      const response = await client.request(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: response.status, message: response.body.message }).toEqual({
        path,
        status: 404,
        message: BillingMessages.noSubscription,
      });
    }
    expect(await premiumStatusOf(client)).toEqual(NOT_PREMIUM);
    // The neighbour's subscription was not touched by any of that.
    expect((await subscriber.client.get('/api/subscription/details')).body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });

  it('takes no input: a body naming a user or anything else is a 400, and changes nothing', async () => {
    const { client } = await signedInClient('chooser');
    for (const path of ['/api/create-subscription', '/api/subscription/cancel', '/api/activate-premium']) {
      const response = await client.post(path, { userId: '00000000-0000-4000-8000-000000000000' });
      expect({ path, status: response.status, code: response.body.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(response.body.message).toMatch(/userId/);
    }
    expect((await client.get('/api/subscription/details')).status).toBe(404);
  });

  it('refuses a subscription started from another site', async () => {
    const { client } = await signedInClient('forged');
    const forged = await client.post('/api/create-subscription', {}, { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
  });
});
