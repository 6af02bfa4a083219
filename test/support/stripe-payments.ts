import Stripe from 'stripe';
import type { IsolatedStack } from '@medical-qr/launcher';
import type { CreateSubscriptionResponse, StripeKeyResponse } from '@medical-qr/contracts';
import { baseUrl } from './api.js';
import type { HttpClient, HttpResult } from './http-client.js';
import { queryDatabase } from './database.js';
import { postRawWebhook } from './webhooks.js';

/** Stripe's documented test cards, as the stand-in honours them. */
export const TestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
} as const;

/**
 * A running system with the Stripe stand-in: where it is, and what only Stripe and the account's owner know (the
 * secret key, for looking at the stand-in as the dashboard would, and the webhook secret, for signing as Stripe).
 */
export interface PaymentSystem {
  url: string;
  databaseUrl: string;
  stripeApiUrl: string;
  secretKey: string;
  webhookSecret: string;
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is not set: the system under test runs no Stripe stand-in`);
  return value;
}

/** The shared end-to-end system (test/support/global-setup.mjs). */
export function sharedPaymentSystem(): PaymentSystem {
  return {
    url: baseUrl(),
    databaseUrl: required('E2E_DATABASE_URL', process.env.E2E_DATABASE_URL),
    stripeApiUrl: required('E2E_STRIPE_API_URL', process.env.E2E_STRIPE_API_URL),
    secretKey: required('E2E_STRIPE_SECRET_KEY', process.env.E2E_STRIPE_SECRET_KEY),
    webhookSecret: required('E2E_STRIPE_WEBHOOK_SECRET', process.env.E2E_STRIPE_WEBHOOK_SECRET),
  };
}

/** A system a test started itself. */
export function paymentSystemOf(stack: IsolatedStack): PaymentSystem {
  return {
    url: stack.url,
    databaseUrl: required('DATABASE_URL', stack.env.DATABASE_URL),
    stripeApiUrl: required('STRIPE_API_URL', stack.env.STRIPE_API_URL),
    secretKey: required('STRIPE_SECRET_KEY', stack.env.STRIPE_SECRET_KEY),
    webhookSecret: required('STRIPE_WEBHOOK_SECRET', stack.env.STRIPE_WEBHOOK_SECRET),
  };
}

/** The real `stripe` SDK pointed at the stand-in with the secret key: the merchant's view (the dashboard). */
export function stripeAdmin(system: PaymentSystem): Stripe {
  const url = new URL(system.stripeApiUrl);
  return new Stripe(system.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}

/** A `Stripe-Signature` header for a payload, made by the SDK exactly as Stripe makes it. */
export function signWebhook(system: PaymentSystem, payload: string, timestampSeconds = Math.floor(Date.now() / 1000)) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: system.webhookSecret,
    timestamp: timestampSeconds,
  });
}

/** Posts a webhook to the gateway the way Stripe does: from another site, raw JSON, with its signature. */
export function postWebhook(system: PaymentSystem, payload: string, signature?: string) {
  return postRawWebhook(`${system.url}/api/stripe/webhook`, payload, {
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    ...(signature === undefined ? {} : { 'stripe-signature': signature }),
  });
}

/** A Stripe event as Stripe would send it for an object (ids unique per call unless given). */
export function stripeEvent(type: string, object: unknown, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify(
    {
      id,
      object: 'event',
      api_version: '2026-10-28.clover',
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

/** A browser's call to the stand-in's public API (as Stripe.js calls Stripe's): form-encoded, publishable key. */
async function browserCall(key: StripeKeyResponse, path: string, form: Record<string, string>, method = 'POST') {
  const query = new URLSearchParams(form).toString();
  const response = await fetch(`${key.apiUrl}${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${key.key}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: method === 'GET' ? undefined : query,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export interface CardConfirmation {
  /** The stand-in's answer to the confirmation: 200 with the PaymentIntent, or 402 with a card_error. */
  status: number;
  body: any;
}

/**
 * What the web's card form does with a client secret: make a PaymentMethod from the card (US billing country), then
 * confirm the PaymentIntent the secret names with it, against the stand-in, with the publishable key.
 */
export async function confirmCardPayment(
  key: StripeKeyResponse,
  clientSecret: string,
  cardNumber: string,
  returnUrl: string,
): Promise<CardConfirmation> {
  if (!key.apiUrl) throw new Error('no stand-in apiUrl: this system takes payments with real Stripe.js');
  const nextYear = String(new Date().getUTCFullYear() + 3);
  const method = await browserCall(key, '/v1/payment_methods', {
    type: 'card',
    'card[number]': cardNumber,
    'card[exp_month]': '12',
    'card[exp_year]': nextYear,
    'card[cvc]': '123',
    'billing_details[address][country]': 'US',
  });
  if (method.status !== 200) return method;
  const paymentIntent = clientSecret.split('_secret_')[0]!;
  return browserCall(key, `/v1/payment_intents/${paymentIntent}/confirm`, {
    client_secret: clientSecret,
    payment_method: method.body.id,
    return_url: returnUrl,
  });
}

export interface Subscribing {
  key: StripeKeyResponse;
  created: HttpResult & { body: CreateSubscriptionResponse };
  confirmation: CardConfirmation;
}

/** The subscribe screen's whole flow for a signed-in client: key, create-subscription, then the card form. */
export async function subscribeWithCard(
  client: HttpClient,
  cardNumber: string = TestCards.succeeds,
  origin = baseUrl(),
): Promise<Subscribing> {
  const keyResponse = await client.get('/api/config/stripe-key');
  if (keyResponse.status !== 200) throw new Error(`stripe-key answered ${keyResponse.status}`);
  const key = keyResponse.body as StripeKeyResponse;
  const created = await client.post('/api/create-subscription', {});
  if (created.status !== 200 || !created.body.clientSecret)
    throw new Error(`create-subscription answered ${created.status}: ${JSON.stringify(created.body)}`);
  const confirmation = await confirmCardPayment(
    key,
    created.body.clientSecret,
    cardNumber,
    `${origin}/premium/success`,
  );
  return { key, created: created as Subscribing['created'], confirmation };
}

/** The stand-in's customer billing made for a user (billing's own record of it). */
export async function stripeCustomerOf(system: PaymentSystem, userId: string): Promise<string | undefined> {
  const rows = await queryDatabase<{ stripe_customer_id: string }>(
    system,
    'select stripe_customer_id from billing.customers where user_id = $1',
    [userId],
  );
  return rows[0]?.stripe_customer_id;
}
