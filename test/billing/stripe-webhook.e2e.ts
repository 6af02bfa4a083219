import { BillingMessages } from '@medical-qr/contracts';
import { queryDatabase } from '../support/database.js';
import {
  postWebhook,
  sharedPaymentSystem,
  signWebhook,
  stripeAdmin,
  stripeEvent,
  type PaymentSystem,
} from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { premiumClient, premiumStatusOf, subscriptionIdOf } from './billing-fixtures.js';
import { pause } from '../support/eventually.js';

/** Rows billing keeps of the events it acted on: an event id found once means processed once. */
const processedRowsOf = async (system: PaymentSystem, eventId: string) =>
  (
    await queryDatabase<{ event_id: string }>(
      system,
      `select event_id from billing.processed_events where position($1 in event_id) > 0`,
      [eventId],
    )
  ).length;

/** How many times billing has announced a premium change for the user (each announcement is one durable event). */
const announcementsOf = async (system: PaymentSystem, userId: string) =>
  (
    await queryDatabase<{ version: number }>(
      system,
      'select version from billing.premium_announcements where user_id = $1',
      [userId],
    )
  )[0]?.version ?? 0;

describe('POST /api/stripe/webhook', () => {
  let system: PaymentSystem;
  beforeAll(() => {
    system = sharedPaymentSystem();
  });

  /**
   * A premium user and a signed event that, if believed, would end their premium: Stripe's own words for a
   * subscription that was deleted (billing must ask Stripe, but a forged event must not even get that far).
   */
  async function premiumUserAndForgeableEvent(label: string) {
    const user = await premiumClient(system, label);
    const subscriptionId = await subscriptionIdOf(system, user.userId);
    const subscription = await stripeAdmin(system).subscriptions.retrieve(subscriptionId);
    const eventId = `evt_test_${label}_${Date.now()}`;
    const payload = stripeEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) },
      eventId,
    );
    return { ...user, subscriptionId, eventId, payload };
  }

  async function expectNothingChanged(user: Awaited<ReturnType<typeof premiumUserAndForgeableEvent>>) {
    await pause(1500);
    expect(await premiumStatusOf(user.client)).toEqual(user.status);
    expect((await user.client.get('/api/subscription/details')).body).toMatchObject({ status: 'active' });
    expect(await processedRowsOf(system, user.eventId)).toBe(0);
  }

  it('refuses a wrong signature and a tampered body with 400, and nothing changes', async () => {
    const user = await premiumUserAndForgeableEvent('forged');
    const wrongSecret = signWebhook({ ...system, webhookSecret: 'whsec_not_the_endpoint_secret' }, user.payload);
    const forged = await postWebhook(system, user.payload, wrongSecret);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'VALIDATION_ERROR', message: BillingMessages.webhookSignature });

    // Signed right, then one byte changed: the signature covers the exact bytes.
    const signature = signWebhook(system, user.payload);
    const tampered = await postWebhook(
      system,
      user.payload.replace('"livemode": false', '"livemode": true '),
      signature,
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe(BillingMessages.webhookSignature);
    // The same bytes re-serialised (whitespace only) are other bytes too.
    const reformatted = await postWebhook(system, JSON.stringify(JSON.parse(user.payload)), signature);
    expect(reformatted.status).toBe(400);

    await expectNothingChanged(user);
  });

  it('refuses a correctly signed event older than 300 seconds, and a missing signature', async () => {
    const user = await premiumUserAndForgeableEvent('stale');
    const stale = await postWebhook(
      system,
      user.payload,
      signWebhook(system, user.payload, Math.floor(Date.now() / 1000) - 301),
    );
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(BillingMessages.webhookSignature);

    const unsigned = await postWebhook(system, user.payload);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe('The webhook has no Stripe-Signature header.');

    await expectNothingChanged(user);
  });

  it('refuses a correctly signed event dated 10 minutes in the future (the tolerance holds both ways)', async () => {
    const user = await premiumUserAndForgeableEvent('future');
    const future = await postWebhook(
      system,
      user.payload,
      signWebhook(system, user.payload, Math.floor(Date.now() / 1000) + 600),
    );
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(BillingMessages.webhookSignature);

    await expectNothingChanged(user);
  });

  it('accepts a signed event from another site (Stripe is one), answering {received: true} at once', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_test_unknown', object: 'customer' });
    const started = Date.now();
    const response = await fetch(`${system.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signWebhook(system, payload),
        origin: 'https://stripe.com',
        'sec-fetch-site': 'cross-site',
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('bounds the body: a 600 kB event is refused with 413 before anything reads it', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_big', object: 'customer', note: 'x'.repeat(600_000) });
    const response = await postWebhook(system, payload, signWebhook(system, payload));
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('acts on a replayed event once: both deliveries acknowledged, one processing, one announcement', async () => {
    const user = await premiumClient(system, 'replayed');
    const record = (await user.client.post('/api/medical-records', medicalForm())).body;
    expect(record.expiresAt).toBeNull();

    // The user sets the subscription to end; billing records and announces that change once.
    expect((await user.client.post('/api/subscription/cancel', {})).status).toBe(200);
    await pause(1500);
    const announced = await announcementsOf(system, user.userId);
    const subscriptionId = await subscriptionIdOf(system, user.userId);
    const subscription = await stripeAdmin(system).subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(true);

    // Stripe delivers the same event twice (a retry after a lost 2xx), here even at the same moment.
    const eventId = `evt_test_replay_${Date.now()}`;
    const payload = stripeEvent('customer.subscription.updated', subscription, eventId);
    const signature = signWebhook(system, payload);
    const deliveries = await Promise.all([
      postWebhook(system, payload, signature),
      postWebhook(system, payload, signature),
    ]);
    expect(deliveries.map((d) => [d.status, d.body])).toEqual([
      [200, { received: true }],
      [200, { received: true }],
    ]);
    await pause(2000);
    expect(await processedRowsOf(system, eventId)).toBe(1);
    expect(await announcementsOf(system, user.userId)).toBe(announced);
    expect((await user.client.get('/api/subscription/details')).body).toMatchObject({
      status: 'canceling',
      cancelAtPeriodEnd: true,
    });
    expect((await premiumStatusOf(user.client)).isPremium).toBe(true);
    expect((await user.client.get('/api/medical-records/active')).body).toMatchObject({
      id: record.id,
      expiresAt: null,
    });
  });
});
