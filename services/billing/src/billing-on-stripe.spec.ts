// Billing as it runs, on real parts: its NATS handlers and durable events on a private nats-server
// with JetStream, its schema in a fresh PostgreSQL database, the real `stripe` SDK talking to the
// Stripe stand-in, and webhooks the stand-in signs and sends to an endpoint that hands them to
// billing the way the gateway does. The card form's part (payment method, confirmation) is done
// with the publishable key, as Stripe.js does in the browser.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Stripe from 'stripe';
import {
  BillingMessages,
  BillingPatterns,
  DurableEvents,
  ErrorCodes,
  type CancelSubscriptionResponse,
  type CreateMerchPaymentResponse,
  type CreateSubscriptionResponse,
  type MerchPaymentSucceeded,
  type PremiumStatus,
  type SubscriptionDetails,
  type SubscriptionUpdated,
} from '@medical-qr/contracts';
import {
  AppError,
  createLogger,
  dropDatabase,
  ensureDatabase,
  EventBus,
  natsServerTransport,
  openDatabase,
  PlatformModule,
  RpcErrorFilter,
  PROCESSED_EVENTS_TABLE,
  runMigrations,
  ServiceClient,
  type DatabaseHandle,
} from '@medical-qr/platform';
// Test tooling only (a JetStream nats-server of the spec's own, and the Stripe stand-in); the service never imports these.
// eslint-disable-next-line no-restricted-imports
import { freePort, PrivateNats } from '@medical-qr/launcher';
// eslint-disable-next-line no-restricted-imports
import { loadSandboxConfig, startSandboxes, type RunningSandboxes } from '@medical-qr/sandboxes';
import { BillingModule } from './billing.module.js';
import { billingEnvSchema, type BillingConfig } from './config.js';
import { MerchPaymentsService } from './merch-payments/merch-payments.service.js';
import { PaymentProvider } from './provider/payment-provider.js';
import { createStripeClient } from './provider/stripe-client.js';

const DATABASE_URL = `${process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432'}/mqr_test_billing_${randomBytes(4).toString('hex')}`;
const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));
const WEBHOOK_SECRET = 'whsec_billing_spec';
const PUBLISHABLE_KEY = 'pk_test_billing_spec';
/** Short billing periods, so a period ends during the test. */
const PERIOD_SECONDS = 8;
const CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' };

/** Stands in for the gateway's webhook route: the raw body and its signature go to billing over NATS. */
class WebhookEndpoint {
  readonly answers: Array<{ status: number; type: string }> = [];
  private server!: Server;

  constructor(private readonly services: () => ServiceClient) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void (async () => {
        let payload = '';
        for await (const chunk of req) payload += String(chunk);
        const status = await this.deliver(payload, String(req.headers['stripe-signature'] ?? ''));
        this.answers.push({ status, type: (JSON.parse(payload) as { type?: string }).type ?? '' });
        res.writeHead(status).end();
      })();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async deliver(payload: string, signature: string): Promise<number> {
    try {
      await this.services().request(BillingPatterns.receiveWebhook, { payload, signature });
      return 200;
    } catch (error) {
      return error instanceof AppError && error.code === ErrorCodes.VALIDATION_ERROR ? 400 : 503;
    }
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('billing on the Stripe stand-in (real PostgreSQL, JetStream and stripe SDK)', () => {
  let nats: PrivateNats;
  let sandboxes: RunningSandboxes;
  let endpoint: WebhookEndpoint;
  let app: INestMicroservice;
  let services: ServiceClient;
  let observer: EventBus;
  let database: DatabaseHandle;
  let config: BillingConfig;
  const announced: SubscriptionUpdated[] = [];
  const merchPaid: Array<{ id: string; payment: MerchPaymentSucceeded }> = [];

  beforeAll(async () => {
    const namespace = `billing-spec-${randomBytes(3).toString('hex')}`;
    // Locked down as in production: billing signs in as itself, the spec as the harness's admin.
    nats = await PrivateNats.start({ namespaces: [namespace] });
    endpoint = new WebhookEndpoint(() => services);
    const productUrl = await endpoint.start();
    sandboxes = await startSandboxes(
      loadSandboxConfig({
        SANDBOX_HTTP_PORT: '0',
        SANDBOX_PROVIDERS: 'stripe',
        SANDBOX_PRODUCT_URL: productUrl,
        SANDBOX_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        SANDBOX_STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        SANDBOX_STRIPE_PERIOD_SECONDS: String(PERIOD_SECONDS),
        SANDBOX_STRIPE_WEBHOOK_RETRY_MS: '200',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      }),
    );
    config = billingEnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL,
      NATS_URL: nats.url,
      ...nats.credentialsOf('billing'),
      REDIS_PREFIX: namespace,
      NATS_REQUEST_TIMEOUT_MS: '15000',
      STRIPE_SECRET_KEY: 'sk_test_billing_spec',
      STRIPE_API_URL: sandboxes.httpUrl,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PREMIUM_END_SWEEP_INTERVAL_MS: '1000',
    });
    await ensureDatabase(DATABASE_URL);
    await runMigrations(DATABASE_URL, 'billing', MIGRATIONS, { platformTables: [PROCESSED_EVENTS_TABLE] });
    database = openDatabase(DATABASE_URL, 'billing-spec', 4);
    const logger = createLogger('billing', 'silent');

    // What bootstrapService does, with this spec's configuration instead of the environment.
    @Module({ imports: [PlatformModule.register({ service: 'billing', config, logger, database }), BillingModule] })
    class BillingUnderTest {}
    app = await NestFactory.createMicroservice(BillingUnderTest, {
      ...natsServerTransport(config, config.REDIS_PREFIX, 'billing'),
      logger: false,
    });
    app.useGlobalFilters(new RpcErrorFilter(logger));
    await app.listen();

    services = new ServiceClient(nats.admin, 'billing-spec', 15_000, config.REDIS_PREFIX);
    await services.connect();
    observer = await EventBus.connect({
      nats: nats.admin,
      name: 'billing-spec',
      namespace: config.REDIS_PREFIX,
      logger,
    });
    observer.observe(DurableEvents.subscriptionUpdated, (event) => announced.push(event));
    observer.observe(DurableEvents.merchPaymentSucceeded, (payment, context) =>
      merchPaid.push({ id: context.id, payment }),
    );
  });

  afterAll(async () => {
    await app?.close(); // closes the database pool too (PlatformModule)
    await services?.close();
    await observer?.close();
    await endpoint?.stop();
    await sandboxes?.close();
    await nats?.stop();
    await dropDatabase(DATABASE_URL);
  });

  const ask = <T>(pattern: string, payload: unknown) => services.request<T>(pattern, payload);
  const refusal = (pattern: string, payload: unknown) =>
    ask(pattern, payload).then(
      () => {
        throw new Error(`${pattern} answered instead of refusing`);
      },
      (error: AppError) => ({ code: error.code, message: error.message }),
    );
  const announcementsOf = (userId: string) => announced.filter((event) => event.userId === userId);

  /** What the card form does with the client secret: a card payment method, then the confirmation. */
  async function pay(clientSecret: string, cardNumber: string): Promise<{ status: number; body: any }> {
    const form = async (path: string, fields: Record<string, string>) => {
      const response = await fetch(`${sandboxes.httpUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const method = await form('/v1/payment_methods', {
      type: 'card',
      'card[number]': cardNumber,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 3),
      'card[cvc]': '123',
      'billing_details[address][country]': 'US',
    });
    expect(method.status).toBe(200);
    const intentId = clientSecret.split('_secret_')[0]!;
    return form(`/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: method.body.id,
      return_url: 'http://localhost:3000/premium/success',
    });
  }

  async function subscribe(userId: string): Promise<CreateSubscriptionResponse> {
    return ask<CreateSubscriptionResponse>(BillingPatterns.createSubscription, {
      userId,
      email: `${userId.slice(0, 8)}@example.com`,
      name: 'Imogen Vasquez',
    });
  }

  async function premiumUser(): Promise<{ userId: string; status: PremiumStatus }> {
    const userId = randomUUID();
    const created = await subscribe(userId);
    expect((await pay(created.clientSecret!, CARDS.succeeds)).body.status).toBe('succeeded');
    const status = await ask<PremiumStatus>(BillingPatterns.activatePremium, { userId });
    return { userId, status };
  }

  it('answers a user who never subscribed: not premium, no subscription to show, cancel or resume', async () => {
    const userId = randomUUID();
    expect(await ask(BillingPatterns.premiumStatus, { userId })).toEqual({ isPremium: false, expiresAt: null });
    const none = { code: ErrorCodes.NOT_FOUND, message: BillingMessages.noSubscription };
    expect(await refusal(BillingPatterns.subscriptionDetails, { userId })).toEqual(none);
    expect(await refusal(BillingPatterns.cancelSubscription, { userId })).toEqual(none);
    expect(await refusal(BillingPatterns.resumeSubscription, { userId })).toEqual(none);
    expect(await ask(BillingPatterns.activatePremium, { userId })).toEqual({ isPremium: false, expiresAt: null });
    expect(await refusal(BillingPatterns.premiumStatus, { userId: 'not-a-uuid' })).toMatchObject({
      code: ErrorCodes.VALIDATION_ERROR,
    });
  });

  it('answers a settled status only once a change being recorded for the user has committed', async () => {
    const userId = randomUUID();
    // A webhook's transaction, as billing runs it: the user's lock, the paid subscription, the announcement (then commit).
    const webhook = await database.pool.connect();
    try {
      await webhook.query('begin');
      await webhook.query("select pg_advisory_xact_lock(hashtextextended('billing-user:' || $1, 0))", [userId]);
      await webhook.query(
        `insert into billing.subscriptions (stripe_subscription_id, user_id, stripe_customer_id, status,
           current_period_start, current_period_end, started_at, created_at)
         values ($1, $2, 'cus_settled', 'active', now(), now() + interval '30 days', now(), now())`,
        [`sub_settled_${userId}`, userId],
      );
      const settled = ask<PremiumStatus>(BillingPatterns.premiumStatus, { userId, settled: true });
      // A page load is not held up by the user's lock, and sees what has committed.
      expect(await ask(BillingPatterns.premiumStatus, { userId })).toEqual({ isPremium: false, expiresAt: null });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await webhook.query('commit');
      expect(await settled).toMatchObject({ isPremium: true });
    } finally {
      webhook.release();
    }
  });

  it('subscribes with 4242: one subscription however often the form asks, premium once paid, announced once', async () => {
    const userId = randomUUID();
    const first = await subscribe(userId);
    expect(first).toEqual({
      requiresPayment: true,
      status: 'incomplete',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    });
    // A second tab, or a retry: the same unpaid subscription, not a second one.
    const [again, third] = await Promise.all([subscribe(userId), subscribe(userId)]);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(third.clientSecret).toBe(first.clientSecret);
    const { rows } = await database.pool.query(
      'select count(*)::int as n from billing.subscriptions where user_id = $1',
      [userId],
    );
    expect(rows[0].n).toBe(1);
    expect(await ask(BillingPatterns.premiumStatus, { userId })).toEqual({ isPremium: false, expiresAt: null });

    const paid = await pay(first.clientSecret!, CARDS.succeeds);
    expect(paid.body.status).toBe('succeeded');
    const status = await ask<PremiumStatus>(BillingPatterns.activatePremium, { userId });
    expect(status.isPremium).toBe(true);
    const expiresAt = Date.parse(status.expiresAt!);
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + PERIOD_SECONDS * 1000 + 1000);
    expect(await ask(BillingPatterns.premiumStatus, { userId })).toEqual(status);

    // The stand-in's webhooks for this payment arrive and are handled; premium is announced once.
    await eventually(
      async () => (await database.pool.query('select count(*)::int as n from billing.processed_events')).rows[0].n,
      (n: number) => n >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(announcementsOf(userId).filter((event) => event.expiresAt === status.expiresAt)).toEqual([
      { userId, isPremium: true, expiresAt: status.expiresAt },
    ]);

    // Premium already: nothing more to pay.
    expect(await subscribe(userId)).toEqual({ requiresPayment: false, status: 'active', clientSecret: null });
    expect(await ask<SubscriptionDetails>(BillingPatterns.subscriptionDetails, { userId })).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: status.expiresAt,
      priceCents: 999,
      currency: 'usd',
      interval: 'month',
    });
  });

  it('grants nothing for a declined card: the provider says why, and the user stays free', async () => {
    const userId = randomUUID();
    const created = await subscribe(userId);
    const declined = await pay(created.clientSecret!, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline' });
    expect(await ask(BillingPatterns.activatePremium, { userId })).toEqual({ isPremium: false, expiresAt: null });
    expect(await refusal(BillingPatterns.subscriptionDetails, { userId })).toMatchObject({
      code: ErrorCodes.NOT_FOUND,
    });
    expect(announcementsOf(userId)).toEqual([]);
    // The form may try another card on the same subscription.
    expect((await subscribe(userId)).clientSecret).toBe(created.clientSecret);
  });

  it('cancels to the period end and resumes, each once, telling the other services each time', async () => {
    const { userId, status } = await premiumUser();
    const canceled = await ask<CancelSubscriptionResponse>(BillingPatterns.cancelSubscription, { userId });
    expect(canceled.subscription).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    expect(canceled.cancelAt).toBe(canceled.subscription.currentPeriodEnd);
    expect(await ask(BillingPatterns.premiumStatus, { userId })).toMatchObject({ isPremium: true });
    expect(await refusal(BillingPatterns.cancelSubscription, { userId })).toEqual({
      code: ErrorCodes.CONFLICT,
      message: BillingMessages.alreadyCanceling,
    });

    const resumed = await ask<SubscriptionDetails>(BillingPatterns.resumeSubscription, { userId });
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await refusal(BillingPatterns.resumeSubscription, { userId })).toEqual({
      code: ErrorCodes.CONFLICT,
      message: BillingMessages.nothingToResume,
    });
    // Started, set to end, resumed: three announcements, premium all along.
    const events = await eventually(
      async () => announcementsOf(userId),
      (list) => list.length >= 3,
    );
    expect(events.slice(0, 3).map((event) => event.isPremium)).toEqual([true, true, true]);
    expect(status.isPremium).toBe(true);
  });

  it('ends premium at the end of a canceled period, by the clock, and announces the end', async () => {
    const { userId } = await premiumUser();
    const { cancelAt } = await ask<CancelSubscriptionResponse>(BillingPatterns.cancelSubscription, { userId });
    const ended = await eventually(
      () => ask<PremiumStatus>(BillingPatterns.premiumStatus, { userId }),
      (status) => !status.isPremium,
      (PERIOD_SECONDS + 5) * 1000,
    );
    expect(ended).toEqual({ isPremium: false, expiresAt: null });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(cancelAt));
    const last = await eventually(
      async () => announcementsOf(userId).at(-1),
      (event) => event?.isPremium === false,
    );
    expect(last).toEqual({ userId, isPremium: false, expiresAt: null });
    expect(await refusal(BillingPatterns.resumeSubscription, { userId })).toEqual({
      code: ErrorCodes.CONFLICT,
      message: BillingMessages.subscriptionEnded,
    });
    expect(await refusal(BillingPatterns.subscriptionDetails, { userId })).toMatchObject({
      code: ErrorCodes.NOT_FOUND,
    });
    // Ended once, however many of the provider's events and sweeps saw it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(announcementsOf(userId).filter((event) => !event.isPremium)).toHaveLength(1);
  });

  it('refuses a webhook whose signature does not match or is stale, and handles a replayed one once', async () => {
    const { userId } = await premiumUser();
    const { rows } = await database.pool.query(
      'select stripe_subscription_id as id from billing.subscriptions where user_id = $1',
      [userId],
    );
    const subscriptionId = rows[0].id as string;
    const payload = JSON.stringify({
      id: `evt_spec${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription', customer: 'cus_unknown' } },
    });
    const sign = (secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const handled = async () =>
      (
        await database.pool.query('select count(*)::int as n from billing.processed_events where event_id = $1', [
          eventId,
        ])
      ).rows[0].n as number;

    expect(await endpoint.deliver(payload, sign('whsec_someone_else'))).toBe(400);
    expect(await endpoint.deliver(payload, sign(WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301))).toBe(400);
    expect(await endpoint.deliver(payload, '')).toBe(400);
    expect(await endpoint.deliver(`${payload} `, sign(WEBHOOK_SECRET))).toBe(400);
    expect(await refusal(BillingPatterns.receiveWebhook, { payload, signature: sign('whsec_x') })).toEqual({
      code: ErrorCodes.VALIDATION_ERROR,
      message: BillingMessages.webhookSignature,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await handled()).toBe(0);

    expect(await endpoint.deliver(payload, sign(WEBHOOK_SECRET))).toBe(200);
    expect(await eventually(handled, (n) => n === 1)).toBe(1);
    expect(await endpoint.deliver(payload, sign(WEBHOOK_SECRET))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await handled()).toBe(1);
  });

  /** What the shop's checkout asks for: a PaymentIntent for its total, named by the checkout. */
  function merchPayment(userId: string, checkoutId: string, amountCents = 2498) {
    return ask<CreateMerchPaymentResponse>(BillingPatterns.createMerchPayment, {
      userId,
      email: `${userId.slice(0, 8)}@example.com`,
      name: 'Imogen Vasquez',
      checkoutId,
      amountCents,
      description: 'Medical QR merch: 2 items',
    });
  }
  const merchPaidFor = (checkoutId: string) => merchPaid.filter(({ payment }) => payment.checkoutId === checkoutId);

  it('takes a merch payment: one PaymentIntent per checkout, the shop told once the provider says it succeeded', async () => {
    const userId = randomUUID();
    const checkoutId = randomUUID();
    const [first, again] = await Promise.all([merchPayment(userId, checkoutId), merchPayment(userId, checkoutId)]);
    expect(first).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_\w+$/),
    });
    expect(first.clientSecret.startsWith(`${first.paymentIntentId}_secret_`)).toBe(true);
    expect(again).toEqual(first);
    const stripe = createStripeClient(config)!;
    expect(await stripe.paymentIntents.retrieve(first.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      amount: 2498,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      description: 'Medical QR merch: 2 items',
      receipt_email: `${userId.slice(0, 8)}@example.com`,
      metadata: { purpose: 'merch', checkoutId, userId },
    });

    expect((await pay(first.clientSecret, CARDS.succeeds)).body.status).toBe('succeeded');
    const told = await eventually(
      async () => merchPaidFor(checkoutId),
      (list) => list.length > 0,
    );
    expect(told).toEqual([
      {
        id: `merch-payment-${first.paymentIntentId}`,
        payment: { checkoutId, userId, paymentIntentId: first.paymentIntentId, amountCents: 2498 },
      },
    ]);
    // Asked again after paying: the same PaymentIntent, nothing more to pay for that checkout.
    expect((await merchPayment(userId, checkoutId)).paymentIntentId).toBe(first.paymentIntentId);

    // The provider's webhook again (a replay): handled once. Another event about the same payment: the same id.
    const events = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const succeeded = events.data.find(
      (event) => (event.data.object as Stripe.PaymentIntent).id === first.paymentIntentId,
    )!;
    const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const replay = JSON.stringify(succeeded);
    expect(await endpoint.deliver(replay, sign(replay))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(merchPaidFor(checkoutId)).toHaveLength(1);
    const another = JSON.stringify({ ...succeeded, id: `evt_spec${randomBytes(8).toString('hex')}` });
    expect(await endpoint.deliver(another, sign(another))).toBe(200);
    const all = await eventually(
      async () => merchPaidFor(checkoutId),
      (list) => list.length > 1,
    );
    expect(new Set(all.map(({ id }) => id))).toEqual(new Set([`merch-payment-${first.paymentIntentId}`]));
  });

  it("tells the shop nothing of a declined card, nor of a subscription's payments", async () => {
    const userId = randomUUID();
    const checkoutId = randomUUID();
    const created = await merchPayment(userId, checkoutId, 1500);
    const declined = await pay(created.clientSecret, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline' });
    const { userId: premiumUserId } = await premiumUser();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(merchPaidFor(checkoutId)).toEqual([]);
    expect(merchPaid.filter(({ payment }) => payment.userId === premiumUserId)).toEqual([]);

    // Another card on the same PaymentIntent then pays.
    expect((await pay(created.clientSecret, CARDS.succeeds)).body.status).toBe('succeeded');
    const told = await eventually(
      async () => merchPaidFor(checkoutId),
      (list) => list.length > 0,
    );
    expect(told[0]!.payment).toMatchObject({ paymentIntentId: created.paymentIntentId, amountCents: 1500 });
  });

  it('refuses a merch payment it cannot take: a bad request, or no payment provider configured', async () => {
    const userId = randomUUID();
    expect(
      await refusal(BillingPatterns.createMerchPayment, {
        userId,
        email: 'a@example.com',
        name: '',
        checkoutId: 'not-a-uuid',
        amountCents: 2498,
        description: 'Merch',
      }),
    ).toMatchObject({ code: ErrorCodes.VALIDATION_ERROR });
    expect(
      await refusal(BillingPatterns.createMerchPayment, {
        userId,
        email: 'a@example.com',
        name: '',
        checkoutId: randomUUID(),
        amountCents: 49,
        description: 'Merch',
      }),
    ).toMatchObject({ code: ErrorCodes.VALIDATION_ERROR });
    const off = new PaymentProvider(
      createStripeClient({ ...config, STRIPE_SECRET_KEY: undefined }),
      createLogger('billing', 'silent'),
    );
    await expect(
      new MerchPaymentsService(off).create({
        userId,
        email: 'a@example.com',
        name: '',
        checkoutId: randomUUID(),
        amountCents: 2498,
        description: 'Merch',
      }),
    ).rejects.toMatchObject({ code: ErrorCodes.SERVICE_UNAVAILABLE, message: BillingMessages.paymentsNotConfigured });
  });

  it('answers 503 with a clear message, never a 500, when the provider is down or not configured', async () => {
    const logger = createLogger('billing', 'silent');
    const down = new PaymentProvider(
      createStripeClient({ ...config, STRIPE_API_URL: `http://127.0.0.1:${await freePort()}` }),
      logger,
    );
    await expect(down.call('customers.create', (stripe) => stripe.customers.create({}))).rejects.toMatchObject({
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: BillingMessages.providerUnavailable,
    });
    const off = new PaymentProvider(createStripeClient({ ...config, STRIPE_SECRET_KEY: undefined }), logger);
    await expect(off.call('customers.create', (stripe) => stripe.customers.create({}))).rejects.toMatchObject({
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: BillingMessages.paymentsNotConfigured,
    });
  });
});
