import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { HttpClient } from '../support/http-client.js';
import { eventually } from '../support/eventually.js';
import { paymentSystemOf, type PaymentSystem } from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { premiumClient, premiumStatusOf } from './billing-fixtures.js';

const PERIOD_SECONDS = 12;
const FREE_LIFETIME_MS = 3600 * 1000;

/** A system whose Stripe stand-in bills 12-second periods, and whose free signed-in codes live an hour. */
describe(`the end of a paid period (${PERIOD_SECONDS} s periods)`, () => {
  let stack: IsolatedStack;
  let system: PaymentSystem;

  beforeAll(async () => {
    stack = await startIsolatedStack('billing-period', {
      SANDBOX_STRIPE_PERIOD_SECONDS: String(PERIOD_SECONDS),
      QR_TTL_USER: '1h',
    });
    system = paymentSystemOf(stack);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('a canceled subscription ends at its period end: premium stops then, and codes get a free lifetime from then', async () => {
    const { client, status } = await premiumClient(system, 'ending');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    expect(record.expiresAt).toBeNull();

    const canceled = await client.post('/api/subscription/cancel', {});
    expect(canceled.status).toBe(200);
    const periodEnd = Date.parse(canceled.body.cancelAt);
    expect(canceled.body.cancelAt).toBe(status.expiresAt);
    // Still premium, and the code still never expires, until the period is over.
    expect((await premiumStatusOf(client)).isPremium).toBe(true);
    expect((await client.get('/api/medical-records/active')).body.expiresAt).toBeNull();

    const ended = await eventually(
      () => premiumStatusOf(client),
      (s) => !s.isPremium,
      periodEnd - Date.now() + 20_000,
    );
    const noticedAt = Date.now();
    expect(ended).toEqual({ isPremium: false, expiresAt: null });
    expect(noticedAt).toBeGreaterThanOrEqual(periodEnd);
    expect((await client.get('/api/auth/user')).body.isPremium).toBe(false);
    expect((await client.get('/api/subscription/details')).status).toBe(404);

    // The code gets the free lifetime counted from the end (not from when it was made, not already over).
    const limited = await eventually(
      async () => (await client.get('/api/medical-records/active')).body,
      (active) => active?.expiresAt !== null,
    );
    expect(limited).toMatchObject({ id: record.id, isActive: true });
    const expiresAt = Date.parse(limited.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(periodEnd + FREE_LIFETIME_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + FREE_LIFETIME_MS);
    const card = await new HttpClient(undefined, system.url).get(`/api/emergency-card/${record.token}`);
    expect(card.status).toBe(200);
    expect(card.body.expiresAt).toBe(limited.expiresAt);
  }, 120_000);

  it('a subscription left alone renews at its period end, and premium goes on into the next period', async () => {
    const { client, status } = await premiumClient(system, 'renewing');
    const firstEnd = Date.parse(status.expiresAt!);

    const renewed = await eventually(
      () => premiumStatusOf(client),
      (s) => s.isPremium && Date.parse(s.expiresAt!) > firstEnd,
      firstEnd - Date.now() + 20_000,
    );
    expect(renewed.isPremium).toBe(true);
    expect(Date.parse(renewed.expiresAt!)).toBeGreaterThanOrEqual(firstEnd + (PERIOD_SECONDS - 1) * 1000);
    expect((await client.get('/api/subscription/details')).body).toMatchObject({
      status: 'active',
      currentPeriodStart: status.expiresAt,
      currentPeriodEnd: renewed.expiresAt,
    });
  }, 120_000);
});
