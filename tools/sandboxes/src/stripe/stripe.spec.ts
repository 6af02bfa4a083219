import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import { encodeForm } from './form.js';

const WEBHOOK_SECRET = 'whsec_spec_secret';
const PUBLISHABLE_KEY = 'pk_test_spec';
const RETURN_URL = 'http://localhost:3000/premium/success';

interface Delivery {
  path: string;
  signature: string;
  body: string;
  event: Stripe.Event;
}

/** The product's side: a webhook endpoint that records what arrives and can be told to fail. */
class ProductEndpoint {
  readonly deliveries: Delivery[] = [];
  /** Attempts per event id, failures included. */
  readonly attempts = new Map<string, number>();
  /** Answer 500 to this many tries of each event of these types. */
  failures = new Map<string, number>();
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.receive(req).then((status) => res.writeHead(status).end()));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async receive(req: IncomingMessage): Promise<number> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const event = JSON.parse(body) as Stripe.Event;
    const tries = (this.attempts.get(event.id) ?? 0) + 1;
    this.attempts.set(event.id, tries);
    if (tries <= (this.failures.get(event.type) ?? 0)) return 500;
    this.deliveries.push({ path: req.url ?? '', signature: String(req.headers['stripe-signature']), body, event });
    return 200;
  }

  /** Waits for events matching `test` (delivered in order) and returns them. */
  async waitFor(test: (event: Stripe.Event) => boolean, count = 1, timeoutMs = 10_000): Promise<Stripe.Event[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.deliveries.map((delivery) => delivery.event).filter(test);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${count} event(s); got ${this.deliveries.map((d) => d.event.type).join(', ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The delivered events whose object mentions any of these ids, in delivery order. */
  eventsOf(...ids: string[]): Stripe.Event[] {
    return this.deliveries
      .map((delivery) => delivery.event)
      .filter((event) => ids.some((id) => JSON.stringify(event.data.object).includes(id)));
  }
}

/** A browser's call to the stand-in, as the web's card form (or Stripe.js) makes it: publishable key, form body. */
async function browserCall(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
  key = PUBLISHABLE_KEY,
) {
  const query = method === 'GET' ? `?${encodeForm(params)}` : '';
  const response = await fetch(`${base}${path}${query}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? encodeForm(params) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

const errorOf = async (response: Response) => ((await response.json()) as { error: Stripe.StripeRawError }).error;

const nextYear = String(new Date().getUTCFullYear() + 1);

async function cardFor(base: string, number: string, overrides: Record<string, string> = {}) {
  return browserCall(base, 'POST', '/v1/payment_methods', {
    type: 'card',
    card: { number, exp_month: '12', exp_year: nextYear, cvc: '123', ...overrides },
    billing_details: { address: { country: 'US' } },
  });
}

async function startStandIn(productUrl: string | undefined, extra: Record<string, string> = {}) {
  return startSandboxes(
    loadSandboxConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SANDBOX_HTTP_PORT: '0',
      SANDBOX_PROVIDERS: 'stripe',
      SANDBOX_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANDBOX_STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      SANDBOX_STRIPE_WEBHOOK_RETRY_MS: '50',
      ...(productUrl ? { SANDBOX_PRODUCT_URL: productUrl } : {}),
      ...extra,
    }),
  );
}

const sdkFor = (sandboxes: RunningSandboxes, key = 'sk_test_spec') =>
  new Stripe(key, {
    host: '127.0.0.1',
    port: sandboxes.httpPort,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });

describe('Stripe stand-in, driven by the real stripe SDK', () => {
  const product = new ProductEndpoint();
  let sandboxes: RunningSandboxes;
  let stripe: Stripe;
  let base: string;
  let priceId: string;

  beforeAll(async () => {
    sandboxes = await startStandIn(await product.start());
    base = sandboxes.httpUrl;
    stripe = sdkFor(sandboxes);
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 999,
      recurring: { interval: 'month' },
      lookup_key: 'spec_premium_monthly',
      product_data: { name: 'Medical QR Premium' },
    });
    priceId = price.id;
  });

  afterAll(async () => {
    await sandboxes.close();
    await product.stop();
  });

  /** A customer with a default_incomplete subscription, its first invoice's client secret expanded. */
  async function subscribe(email = 'pat@example.com') {
    const customer = await stripe.customers.create({ email, name: 'Pat Doe', metadata: { userId: 'u-1' } });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: 'u-1' },
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const clientSecret = invoice.confirmation_secret!.client_secret;
    return { customer, subscription, invoice, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  }

  it('creates prices found again by lookup key, with the product expanded', async () => {
    const listed = await stripe.prices.list({
      lookup_keys: ['spec_premium_monthly'],
      active: true,
      expand: ['data.product'],
    });
    expect(listed.data).toHaveLength(1);
    const [price] = listed.data;
    expect(price).toMatchObject({
      id: priceId,
      object: 'price',
      unit_amount: 999,
      currency: 'usd',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      lookup_key: 'spec_premium_monthly',
      livemode: false,
    });
    expect(String(price!.unit_amount_decimal)).toBe('999');
    expect(price!.product).toMatchObject({
      object: 'product',
      name: 'Medical QR Premium',
      id: expect.stringMatching(/^prod_\w{14,24}$/),
    });
    expect(priceId).toMatch(/^price_[A-Za-z0-9]{14,24}$/);
    expect((await stripe.prices.list({ lookup_keys: ['nothing_here'] })).data).toEqual([]);

    const taken = stripe.prices.create({
      currency: 'usd',
      unit_amount: 100,
      product: (price!.product as Stripe.Product).id,
      lookup_key: 'spec_premium_monthly',
    });
    await expect(taken).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'lookup_key',
      statusCode: 400,
    });
  });

  it('creates a default_incomplete subscription: incomplete, an open invoice for the price, its client secret', async () => {
    const { customer, subscription, invoice, clientSecret, intentId } = await subscribe();
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14,24}$/);
    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^sub_[A-Za-z0-9]{14,24}$/),
      object: 'subscription',
      status: 'incomplete',
      customer: customer.id,
      cancel_at_period_end: false,
      cancel_at: null,
      default_payment_method: null,
      metadata: { userId: 'u-1' },
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ object: 'subscription_item', price: { id: priceId }, quantity: 1 });
    // At this API version the period lives on the item: a calendar month here.
    const start = new Date(item!.current_period_start * 1000);
    const end = new Date(item!.current_period_end * 1000);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      amount_due: 999,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      confirmation_secret: { type: 'payment_intent', client_secret: clientSecret },
    });
    expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]{14,24}_secret_[A-Za-z0-9]+$/);
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 999,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
    });
    // Without the expansion the secret is not part of the invoice, as at Stripe.
    const plain = await stripe.invoices.retrieve(invoice.id);
    expect(plain).not.toHaveProperty('confirmation_secret');
    const expanded = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['customer', 'items.data.price.product'],
    });
    expect(expanded.customer).toMatchObject({ object: 'customer', id: customer.id, email: 'pat@example.com' });
    expect(expanded.items.data[0]!.price.product).toMatchObject({ object: 'product', name: 'Medical QR Premium' });
    // An expansion this API version does not have is refused.
    await expect(
      stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('cannot be expanded'),
    });
  });

  it('pays with 4242 from the browser: PaymentIntent succeeded, invoice paid, subscription active with the card as default', async () => {
    const { customer, subscription, clientSecret, intentId } = await subscribe('paid@example.com');
    const card = await cardFor(base, '4242 4242 4242 4242');
    expect(card.status).toBe(200);
    expect(card.headers.get('access-control-allow-origin')).toBe('*');
    expect(card.body).toMatchObject({
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12 },
    });
    expect(JSON.stringify(card.body)).not.toContain('4242424242424242');

    const confirmed = await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      id: intentId,
      status: 'succeeded',
      amount_received: 999,
      payment_method: card.body.id,
    });

    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(active).toMatchObject({ status: 'active', default_payment_method: card.body.id });
    expect(active.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 999, amount_remaining: 0 });
    const [item] = active.items.data;
    expect(item!.current_period_start).toBeGreaterThanOrEqual(subscription.created);
    expect((await stripe.paymentMethods.retrieve(card.body.id)).customer).toBe(customer.id);

    // The webhooks of this subscription, in order, each signed so the SDK accepts it.
    const updated = await product.waitFor(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        (event.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect(updated[0]!.data.previous_attributes).toMatchObject({ status: 'incomplete', default_payment_method: null });
    const types = product.eventsOf(subscription.id, intentId).map((event) => event.type);
    expect(types).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.created',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    for (const delivery of product.deliveries) {
      expect(delivery.path).toBe('/api/stripe/webhook');
      const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, WEBHOOK_SECRET, 300);
      expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
    }
  });

  it('declines 4000 0000 0000 0002 with a card_error: nothing paid, the subscription stays incomplete, another card then pays', async () => {
    const { subscription, clientSecret, intentId } = await subscribe('declined@example.com');
    const card = await cardFor(base, '4000000000000002');
    const declined = await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intentId, status: 'requires_payment_method' },
    });
    const seen = await browserCall(base, 'GET', `/v1/payment_intents/${intentId}`, { client_secret: clientSecret });
    expect(seen.body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    await product.waitFor(
      (event) => event.type === 'invoice.payment_failed' && JSON.stringify(event).includes(subscription.id),
    );

    const good = await cardFor(base, '4242424242424242');
    const paid = await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: good.body.id,
    });
    expect(paid.body.status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('sends 4000 0025 0000 3155 through the authentication page: Complete pays and returns to return_url', async () => {
    const { subscription, clientSecret, intentId } = await subscribe('auth@example.com');
    const card = await cardFor(base, '4000002500003155');
    const confirmed = await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
    expect(confirmed.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: RETURN_URL } },
    });
    const pageUrl = new URL(confirmed.body.next_action.redirect_to_url.url as string);
    expect(pageUrl.origin).toBe(base);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000");
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
    expect(html).toContain('$9.99');
    expect(html).toContain('Visa ending in 3155');

    const form = new URLSearchParams({
      payment_intent: intentId,
      payment_intent_client_secret: clientSecret,
      decision: 'complete',
    });
    const back = await fetch(new URL(pageUrl.pathname, base), { method: 'POST', body: form, redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      payment_intent: intentId,
      payment_intent_client_secret: clientSecret,
      redirect_status: 'succeeded',
    });
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it("fails authentication when asked to: redirect_status=failed and Stripe's authentication error", async () => {
    const { subscription, clientSecret, intentId } = await subscribe('auth-fail@example.com');
    const card = await cardFor(base, '4000002500003155');
    const confirmed = await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
    const pageUrl = new URL(confirmed.body.next_action.redirect_to_url.url as string);
    const form = new URLSearchParams({
      payment_intent: intentId,
      payment_intent_client_secret: clientSecret,
      decision: 'fail',
    });
    const back = await fetch(new URL(pageUrl.pathname, base), { method: 'POST', body: form, redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    // A link with the wrong secret shows nothing of the payment.
    const wrong = await fetch(
      `${base}${pageUrl.pathname}?payment_intent=${intentId}&payment_intent_client_secret=nope`,
    );
    expect(wrong.status).toBe(404);
  });

  it('checks cards as Stripe does when the browser creates the PaymentMethod', async () => {
    const expired = await cardFor(base, '4242424242424242', { exp_year: String(new Date().getUTCFullYear() - 1) });
    expect(expired.status).toBe(402);
    expect(expired.body.error).toMatchObject({
      type: 'card_error',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    const wrongNumber = await cardFor(base, '4242424242424241');
    expect(wrongNumber.body.error).toMatchObject({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
      param: 'card[number]',
    });
    const badCvc = await cardFor(base, '4242424242424242', { cvc: '12' });
    expect(badCvc.body.error).toMatchObject({ code: 'invalid_cvc', param: 'card[cvc]' });
    const liveCard = await cardFor(base, '4111111111111111');
    expect(liveCard.body.error).toMatchObject({ code: 'card_declined', decline_code: 'test_mode_live_card' });

    const preflight = await fetch(`${base}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(
      /Authorization, Content-Type, Stripe-Version, Idempotency-Key/,
    );
  });

  it('answers 401 for a missing, unknown or live key, and refuses the publishable key on server calls', async () => {
    await expect(sdkFor(sandboxes, 'sk_live_abcdef123456').customers.create()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: 'Invalid API Key provided: sk_live_********3456',
    });
    const noKey = await fetch(`${base}/v1/customers`, { method: 'POST' });
    expect(noKey.status).toBe(401);
    expect((await errorOf(noKey)).message).toMatch(/^You did not provide an API key/);
    const publishable = await browserCall(base, 'POST', '/v1/customers', { email: 'x@example.com' });
    expect(publishable.status).toBe(401);
    expect(publishable.body.error.message).toMatch(/cannot be made with a publishable API key/);
    const otherPublishable = await cardFor(base, '4242424242424242').then(() =>
      browserCall(base, 'POST', '/v1/payment_methods', { type: 'card' }, 'pk_test_someone_else'),
    );
    expect(otherPublishable.status).toBe(401);
    // A browser sees a PaymentIntent only with its client secret.
    const { intentId } = await subscribe('secret@example.com');
    const noSecret = await browserCall(base, 'GET', `/v1/payment_intents/${intentId}`, {
      client_secret: `${intentId}_secret_wrong`,
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error.param).toBe('client_secret');
  });

  it('answers unknown ids with resource_missing, unknown parameters and missing ones with the param named', async () => {
    const missing = stripe.subscriptions.retrieve('sub_doesnotexist00000000');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_doesnotexist00000000'",
    });
    const response = await fetch(`${base}/v1/customers/cus_nope`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(/^req_[A-Za-z0-9]{14}$/);
    await expect(
      stripe.subscriptions.create({ customer: 'cus_nope', items: [{ price: priceId }] }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    await expect(stripe.subscriptions.create({ items: [{ price: priceId }] })).rejects.toMatchObject({
      param: 'customer',
      statusCode: 400,
    });
    await expect(
      stripe.customers.create({ email: 'a@example.com', colour: 'blue' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    const nowhere = await fetch(`${base}/v1/charges`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(nowhere.status).toBe(404);
    expect((await errorOf(nowhere)).message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\)/);
  });

  it('replays a request with the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const customer = await stripe.customers.create({ email: 'idem@example.com' });
    const params: Stripe.SubscriptionCreateParams = {
      customer: customer.id,
      items: [{ price: priceId }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    };
    const first = await stripe.subscriptions.create(params, { idempotencyKey: 'create-sub-1' });
    const again = await stripe.subscriptions.create(params, { idempotencyKey: 'create-sub-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([first.id]);
    const other = stripe.subscriptions.create(
      { ...params, metadata: { different: 'yes' } },
      { idempotencyKey: 'create-sub-1' },
    );
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({ message: expect.stringContaining('same parameters') });
    // Another API key has keys of its own.
    const otherKey = await sdkFor(sandboxes, 'sk_test_other').subscriptions.create(params, {
      idempotencyKey: 'create-sub-1',
    });
    expect(otherKey.id).not.toBe(first.id);
  });

  it('sets and clears cancel_at_period_end, with updated events that say what changed', async () => {
    const { subscription, clientSecret, intentId } = await subscribe('cancel@example.com');
    const card = await cardFor(base, '4242424242424242');
    await browserCall(base, 'POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method: card.body.id,
    });
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const periodEnd = canceling.items.data[0]!.current_period_end;
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: expect.any(Number),
      cancellation_details: { reason: 'cancellation_requested' },
    });
    const [event] = await product.waitFor(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        Object.hasOwn(e.data.previous_attributes ?? {}, 'cancel_at_period_end') &&
        (e.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect(event!.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    expect(event!.request).toMatchObject({ id: expect.stringMatching(/^req_/) });

    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    await product.waitFor(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.previous_attributes as Partial<Stripe.Subscription> | undefined)?.cancel_at_period_end === true,
    );
  });

  it('cancels at once, and lists canceled subscriptions only when asked', async () => {
    const { customer, subscription } = await subscribe('now@example.com');
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      ended_at: expect.any(Number),
      canceled_at: expect.any(Number),
    });
    await product.waitFor(
      (e) =>
        e.type === 'customer.subscription.deleted' && (e.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('keeps every event for GET /v1/events, delivered ones with no webhooks pending', async () => {
    const customer = await stripe.customers.create({ email: 'events@example.com' });
    const [created] = await product.waitFor(
      (e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fetched = await stripe.events.retrieve(created!.id);
    expect(fetched).toMatchObject({
      id: created!.id,
      type: 'customer.created',
      pending_webhooks: 0,
      data: { object: { id: customer.id } },
    });
    const listed = await stripe.events.list({ type: 'customer.*', limit: 100 });
    expect(listed.data.map((e) => e.id)).toContain(created!.id);
    expect(listed.data.every((e) => e.type.startsWith('customer.'))).toBe(true);
  });
});

describe('Stripe stand-in webhooks', () => {
  it("retries a failing endpoint with doubling delays, keeping one subscription's events in order", async () => {
    const product = new ProductEndpoint();
    product.failures = new Map([['customer.subscription.created', 2]]);
    const sandboxes = await startStandIn(await product.start());
    try {
      const stripe = sdkFor(sandboxes);
      const price = await stripe.prices.create({
        currency: 'usd',
        unit_amount: 999,
        recurring: { interval: 'month' },
        product_data: { name: 'P' },
      });
      const customer = await stripe.customers.create({ email: 'retry@example.com' });
      const started = Date.now();
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
      });
      // The reply did not wait for the failing deliveries.
      expect(Date.now() - started).toBeLessThan(1000);
      const [created] = await product.waitFor((e) => e.type === 'customer.subscription.created');
      expect(product.attempts.get(created!.id)).toBe(3);
      const [intent] = await product.waitFor((e) => e.type === 'payment_intent.created');
      expect(
        product.eventsOf(subscription.id, (intent!.data.object as Stripe.PaymentIntent).id).map((e) => e.type),
      ).toEqual(['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'payment_intent.created']);
    } finally {
      await sandboxes.close();
      await product.stop();
    }
  });

  it('keeps events without sending them when it has no product address', async () => {
    const sandboxes = await startStandIn(undefined);
    try {
      const stripe = sdkFor(sandboxes);
      const customer = await stripe.customers.create({ email: 'quiet@example.com' });
      const [event] = (await stripe.events.list({ type: 'customer.created' })).data;
      expect(event).toMatchObject({ pending_webhooks: 0, data: { object: { id: customer.id } } });
    } finally {
      await sandboxes.close();
    }
  });
});

describe('Stripe stand-in billing periods (2 s each)', () => {
  const product = new ProductEndpoint();
  let sandboxes: RunningSandboxes;
  let stripe: Stripe;
  let priceId: string;

  beforeAll(async () => {
    sandboxes = await startStandIn(await product.start(), { SANDBOX_STRIPE_PERIOD_SECONDS: '2' });
    stripe = sdkFor(sandboxes);
    priceId = (
      await stripe.prices.create({
        currency: 'usd',
        unit_amount: 999,
        recurring: { interval: 'month' },
        product_data: { name: 'P' },
      })
    ).id;
  });

  afterAll(async () => {
    await sandboxes.close();
    await product.stop();
  });

  async function activeSubscription(email: string) {
    const customer = await stripe.customers.create({ email });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const clientSecret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const card = await cardFor(sandboxes.httpUrl, '4000002500003155');
    // Server-side confirmation with the secret key works too; this card was set up on-session for the renewals.
    const intentId = clientSecret.split('_secret_')[0]!;
    const confirmed = await stripe.paymentIntents.confirm(intentId, {
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
    const page = new URL(confirmed.next_action!.redirect_to_url!.url!);
    await fetch(new URL(page.pathname, sandboxes.httpUrl), {
      method: 'POST',
      body: new URLSearchParams({
        payment_intent: intentId,
        payment_intent_client_secret: clientSecret,
        decision: 'complete',
      }),
      redirect: 'manual',
    });
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    return active;
  }

  it("renews at the period end: a new paid invoice charged off-session, the item's period moved on", async () => {
    const subscription = await activeSubscription('renew@example.com');
    const first = subscription.items.data[0]!;
    expect(first.current_period_end - first.current_period_start).toBe(2);
    // The renewal that ends the period just read: on a busy machine an earlier one may already have happened (the
    // periods are 2 s), and its event is not the one this period's end brings.
    const [updated] = await product.waitFor(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.object as Stripe.Subscription).id === subscription.id &&
        !!e.data.previous_attributes?.items &&
        (e.data.object as Stripe.Subscription).items.data[0]!.current_period_start >= first.current_period_end,
    );
    const renewed = updated!.data.object as Stripe.Subscription;
    expect(renewed.items.data[0]!.current_period_start).toBe(first.current_period_end);
    expect(renewed.items.data[0]!.current_period_end).toBe(first.current_period_end + 2);
    await product.waitFor(
      (e) =>
        e.type === 'invoice.paid' &&
        (e.data.object as Stripe.Invoice).billing_reason === 'subscription_cycle' &&
        JSON.stringify(e).includes(subscription.id),
    );
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data[0]).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 999 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await stripe.subscriptions.cancel(subscription.id);
  });

  it('ends a subscription set to cancel at its period end: canceled, ended_at, customer.subscription.deleted', async () => {
    const subscription = await activeSubscription('ends@example.com');
    const periodEnd = subscription.items.data[0]!.current_period_end;
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const [deleted] = await product.waitFor(
      (e) =>
        e.type === 'customer.subscription.deleted' && (e.data.object as Stripe.Subscription).id === subscription.id,
    );
    expect(deleted!.data.object).toMatchObject({ status: 'canceled', ended_at: periodEnd, cancel_at_period_end: true });
    expect(deleted!.request).toEqual({ id: null, idempotency_key: null });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });
});

describe('Stripe stand-in one-off PaymentIntents (a shop checkout)', () => {
  const product = new ProductEndpoint();
  let sandboxes: RunningSandboxes;
  let stripe: Stripe;
  let base: string;

  beforeAll(async () => {
    sandboxes = await startStandIn(await product.start());
    base = sandboxes.httpUrl;
    stripe = sdkFor(sandboxes);
  });

  afterAll(async () => {
    await sandboxes.close();
    await product.stop();
  });

  const checkout = (checkoutId: string): Stripe.PaymentIntentCreateParams => ({
    amount: 2498,
    currency: 'usd',
    allowed_payment_method_types: ['card'],
    description: 'Medical QR merch: 2 items',
    receipt_email: 'shopper@example.com',
    metadata: { purpose: 'merch', checkoutId, userId: 'u-1' },
  });

  async function confirmWith(intent: Stripe.PaymentIntent, cardNumber: string) {
    const card = await cardFor(base, cardNumber);
    return browserCall(base, 'POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method: card.body.id,
      return_url: RETURN_URL,
    });
  }

  it('creates one PaymentIntent per Idempotency-Key, waiting for a card, with its client secret', async () => {
    const first = await stripe.paymentIntents.create(checkout('c-1'), { idempotencyKey: 'merch-payment-c-1' });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^pi_[A-Za-z0-9]{14,24}$/),
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 2498,
      amount_received: 0,
      currency: 'usd',
      customer: null,
      description: 'Medical QR merch: 2 items',
      receipt_email: 'shopper@example.com',
      metadata: { purpose: 'merch', checkoutId: 'c-1', userId: 'u-1' },
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      automatic_payment_methods: null,
      setup_future_usage: null,
      livemode: false,
    });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_[A-Za-z0-9]+$`));

    const again = await stripe.paymentIntents.create(checkout('c-1'), { idempotencyKey: 'merch-payment-c-1' });
    expect(again.id).toBe(first.id);
    expect(again.client_secret).toBe(first.client_secret);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.paymentIntents.create({ ...checkout('c-1'), amount: 999 }, { idempotencyKey: 'merch-payment-c-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const [created] = await product.waitFor(
      (e) => e.type === 'payment_intent.created' && (e.data.object as Stripe.PaymentIntent).id === first.id,
    );
    expect(created!.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: 'merch-payment-c-1' });
    const listed = await stripe.events.list({ type: 'payment_intent.created', limit: 100 });
    expect(listed.data.filter((e) => (e.data.object as Stripe.PaymentIntent).id === first.id)).toHaveLength(1);

    // Without payment_method_types, automatic payment methods are on (cards, here), as at Stripe.
    const automatic = await stripe.paymentIntents.create({ amount: 50, currency: 'USD' });
    expect(automatic).toMatchObject({
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      allowed_payment_method_types: null,
      payment_method_types: ['card'],
      metadata: {},
    });
    // `payment_method_types`, the list's name before this API version, is still read.
    const legacy = await stripe.paymentIntents.create({
      amount: 50,
      currency: 'usd',
      payment_method_types: ['card'],
    } as Stripe.PaymentIntentCreateParams);
    expect(legacy).toMatchObject({ automatic_payment_methods: null, payment_method_types: ['card'] });
  });

  it("refuses a missing or too small amount, other methods than cards and the publishable key, in Stripe's error shape", async () => {
    const response = await fetch(`${base}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'currency=usd',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
        message: 'Missing required param: amount.',
        param: 'amount',
        request_log_url: expect.stringMatching(/^https:\/\/dashboard\.stripe\.com\/test\/logs\/req_/),
      },
    });
    const missing = stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams);
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 400, param: 'amount', code: 'parameter_missing' });
    await expect(
      stripe.paymentIntents.create({ amount: 100 } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({ param: 'currency', code: 'parameter_missing' });
    await expect(stripe.paymentIntents.create({ amount: 49, currency: 'usd' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    await expect(
      stripe.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        payment_method_types: ['card'],
        automatic_payment_methods: { enabled: true },
      } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'automatic_payment_methods' });
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', allowed_payment_method_types: ['us_bank_account'] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types[0]' });
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: 'cus_nope' }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
    const fromBrowser = await browserCall(base, 'POST', '/v1/payment_intents', { amount: '500', currency: 'usd' });
    expect(fromBrowser.status).toBe(401);
  });

  it('pays with 4242 from the browser: succeeded, and payment_intent.succeeded sent with the metadata', async () => {
    const intent = await stripe.paymentIntents.create(checkout('c-paid'));
    const confirmed = await confirmWith(intent, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 2498 });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 2498,
      latest_charge: expect.stringMatching(/^ch_/),
    });

    const [succeeded] = await product.waitFor(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect(succeeded!.data.object).toMatchObject({
      status: 'succeeded',
      metadata: { purpose: 'merch', checkoutId: 'c-paid' },
    });
    const delivery = product.deliveries.find((d) => d.event.id === succeeded!.id)!;
    expect(stripe.webhooks.constructEvent(delivery.body, delivery.signature, WEBHOOK_SECRET, 300).id).toBe(
      succeeded!.id,
    );
    expect(product.eventsOf(intent.id).map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
    ]);
    const recorded = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    expect(recorded.data.map((e) => e.id)).toContain(succeeded!.id);
    // Paid once: confirming again is refused.
    expect((await confirmWith(intent, '4242424242424242')).status).toBe(400);
  });

  it('declines 4000 0000 0000 0002 with a 402: requires_payment_method and payment_intent.payment_failed', async () => {
    const intent = await stripe.paymentIntents.create(checkout('c-declined'));
    const declined = await confirmWith(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { code: 'card_declined' },
    });
    await product.waitFor(
      (e) => e.type === 'payment_intent.payment_failed' && (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect((await confirmWith(intent, '4242424242424242')).body.status).toBe('succeeded');
  });

  it('asks 4000 0025 0000 3155 for authentication, and pays once it is completed', async () => {
    const intent = await stripe.paymentIntents.create(checkout('c-auth'));
    const confirmed = await confirmWith(intent, '4000002500003155');
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const pageUrl = new URL(confirmed.body.next_action.redirect_to_url.url as string);
    expect(await (await fetch(pageUrl)).text()).toContain('$24.98');
    const form = new URLSearchParams({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret!,
      decision: 'complete',
    });
    const back = await fetch(new URL(pageUrl.pathname, base), { method: 'POST', body: form, redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    await product.waitFor(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
  });
});
