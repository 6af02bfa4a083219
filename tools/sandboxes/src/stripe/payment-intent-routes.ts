import type { Router } from 'express';
import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.js';
import { LIST_PARAMS, page } from './list.js';
import { unixNow } from './ids.js';
import { paymentIntentObject, type PaymentIntentFields } from './objects.js';
import { applyMetadata, Params } from './params.js';
import type { RouteContext } from './route-context.js';

const FIELDS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'receipt_email',
  'allowed_payment_method_types',
  'payment_method_types',
  'automatic_payment_methods',
  'statement_descriptor_suffix',
  'expand',
];

/** Stripe's largest amount for a two-decimal currency ($999,999.99). */
const MOST_AMOUNT = 99_999_999;
/** Stripe's smallest charge per currency (in its smallest unit); 50 for the ones not listed. */
const LEAST_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, chf: 50 };
const DESCRIPTOR_FORBIDDEN = /[<>\\'"*]/;

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return (amount / 100).toFixed(2);
  }
}

/** `amount` and `currency` as Stripe checks them: both required, the amount at least the currency's smallest charge. */
function amountAndCurrencyOf(params: Params): { amount: number; currency: string } {
  const amount = params.integer('amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = params.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
  const least = LEAST_AMOUNT[currency] ?? 50;
  if (amount < least) {
    throw invalidRequest(`Amount must be at least ${money(least, currency)} ${currency}`, 'amount', 'amount_too_small');
  }
  if (amount > MOST_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${money(MOST_AMOUNT, currency)}`, 'amount', 'amount_too_large');
  }
  return { amount, currency };
}

/** A list of payment method types, card only: the stand-in has no other method. */
function cardOnly(params: Params, key: string): ['card'] | undefined {
  const types = params.stringList(key, 50);
  if (!types) return undefined;
  if (types.length === 0) throw invalidRequest('Invalid array', params.name(key));
  types.forEach((type, index) => {
    if (type !== 'card') {
      throw invalidRequest(
        `The local Stripe stand-in takes card payments only (got "${type}").`,
        `${params.name(key)}[${index}]`,
        'payment_intent_invalid_parameter',
      );
    }
  });
  return ['card'];
}

/**
 * Which payment methods the PaymentIntent takes. At this API version the list is `allowed_payment_method_types`
 * (it may go with `automatic_payment_methods`); `payment_method_types`, its name before 2026-09-30, is still read,
 * and excludes `automatic_payment_methods` as it did. With neither, automatic payment methods are on, as at Stripe
 * since 2023-08-16.
 */
function paymentMethodsOf(
  params: Params,
): Required<Pick<PaymentIntentFields, 'automaticPaymentMethods' | 'allowedPaymentMethodTypes'>> {
  const allowed = cardOnly(params, 'allowed_payment_method_types');
  const legacy = cardOnly(params, 'payment_method_types');
  const automaticParams = params.object('automatic_payment_methods', ['enabled', 'allow_redirects']);
  if (allowed && legacy) {
    throw invalidRequest(
      'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
      'payment_method_types',
    );
  }
  if (legacy && automaticParams) {
    throw invalidRequest(
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      'automatic_payment_methods',
    );
  }
  let automatic: Stripe.PaymentIntent.AutomaticPaymentMethods | null = null;
  if (automaticParams) {
    const enabled = automaticParams.boolean('enabled');
    if (enabled === undefined) throw missingParam(automaticParams.name('enabled'));
    const allowRedirects = automaticParams.oneOf('allow_redirects', ['always', 'never']);
    automatic = { enabled, ...(allowRedirects ? { allow_redirects: allowRedirects } : {}) };
  } else if (!allowed && !legacy) {
    automatic = { enabled: true };
  }
  return { automaticPaymentMethods: automatic, allowedPaymentMethodTypes: allowed ?? null };
}

function receiptEmailOf(params: Params): string | null {
  const email = params.clearableString('receipt_email', 800) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw invalidRequest(`Invalid email address: ${email}`, 'receipt_email', 'email_invalid');
  }
  return email;
}

function statementDescriptorSuffixOf(params: Params): string | null {
  const suffix = params.clearableString('statement_descriptor_suffix', 22) ?? null;
  if (suffix !== null && DESCRIPTOR_FORBIDDEN.test(suffix)) {
    throw invalidRequest(
      `The statement descriptor suffix contains one of the following invalid characters: < > \\ ' " *`,
      'statement_descriptor_suffix',
    );
  }
  return suffix;
}

/**
 * One-off PaymentIntents the product's server makes (a shop checkout), as `POST /v1/payment_intents` makes them:
 * `requires_payment_method` with a client secret the browser confirms through `paymentRoutes`; and
 * `GET /v1/payment_intents` lists them.
 */
export function paymentIntentRoutes(router: Router, { store, events, payments, reply, api }: RouteContext): void {
  router.post(
    '/v1/payment_intents',
    api('secret', ({ params: form, cause }) => {
      const params = Params.of(form, FIELDS);
      const { amount, currency } = amountAndCurrencyOf(params);
      const customerId = params.string('customer');
      const intent = paymentIntentObject(
        {
          amount,
          currency,
          customer: customerId ? store.customer(customerId, 'customer').id : null,
          description: params.clearableString('description', 1000) ?? null,
          setupFutureUsage: null,
          metadata: applyMetadata({}, params.metadata()),
          receiptEmail: receiptEmailOf(params),
          statementDescriptorSuffix: statementDescriptorSuffixOf(params),
          ...paymentMethodsOf(params),
        },
        unixNow(),
      );
      store.paymentIntents.set(intent.id, intent);
      events.record('payment_intent.created', intent, { cause, orderingKey: payments.orderingKey(intent) });
      return reply(intent, params.expand());
    }),
  );

  // The dashboard's list (the secret key's): every PaymentIntent, a subscription invoice's too, newest first.
  router.get(
    '/v1/payment_intents',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'customer']);
      const customer = params.string('customer');
      const all = [...store.paymentIntents.values()].reverse();
      const found = customer === undefined ? all : all.filter((intent) => intent.customer === customer);
      return reply(page(found, params, '/v1/payment_intents'), params.expand());
    }),
  );
}
