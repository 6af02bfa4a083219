import type { Router } from 'express';
import type Stripe from 'stripe';
import { authenticationUrl } from './authentication-page.js';
import { invalidRequest, missingParam } from './errors.js';
import type { Caller } from './http.js';
import { applyMetadata, Params } from './params.js';
import { noBilling } from './payments.js';
import type { RouteContext } from './route-context.js';

/** What Stripe.js adds to the calls it makes (its key, fraud signals); accepted and not used. */
const STRIPE_JS_EXTRAS = [
  'key',
  'guid',
  'muid',
  'sid',
  'payment_user_agent',
  'time_on_page',
  'referrer',
  'pasted_fields',
  'client_attribution_metadata',
  '_stripe_version',
];
const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'];
const ADDRESS_FIELDS = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'];

function billingDetails(params: Params | undefined): Stripe.PaymentMethod.BillingDetails {
  const billing = noBilling();
  if (!params) return billing;
  const address = params.object('address', ADDRESS_FIELDS);
  const line = (field: string) => address?.clearableString(field, 200) ?? null;
  billing.address = {
    city: line('city'),
    country: line('country'),
    line1: line('line1'),
    line2: line('line2'),
    postal_code: line('postal_code'),
    state: line('state'),
  };
  billing.email = params.clearableString('email', 800) ?? null;
  billing.name = params.clearableString('name', 200) ?? null;
  billing.phone = params.clearableString('phone', 40) ?? null;
  return billing;
}

/** Cards as PaymentMethods, and PaymentIntents retrieved and confirmed — from the server or, like Stripe.js, a browser. */
export function paymentRoutes(router: Router, { store, payments, reply, api }: RouteContext): void {
  /** A card PaymentMethod from `type=card&card[...]` (also `payment_method_data[...]` on confirm). */
  function createCard(params: Params): Stripe.PaymentMethod {
    const type = params.string('type');
    if (type === undefined || type === '') throw missingParam(params.name('type'));
    if (type !== 'card') {
      throw invalidRequest('The local Stripe stand-in takes card PaymentMethods only.', params.name('type'));
    }
    const card = params.object('card', CARD_FIELDS);
    if (!card) throw missingParam(params.name('card'));
    return payments.createCard(
      {
        number: card.string('number', 30),
        expMonth: card.string('exp_month', 4),
        expYear: card.string('exp_year', 4),
        cvc: card.string('cvc', 4),
      },
      billingDetails(params.object('billing_details', ['address', 'email', 'name', 'phone'])),
      applyMetadata({}, params.metadata()),
    );
  }

  /** A browser may see a PaymentIntent only with its client secret, as with Stripe.js. */
  function intentFor(id: string, caller: Caller, params: Params): Stripe.PaymentIntent {
    if (caller.kind === 'secret') return store.paymentIntent(id);
    const secret = params.string('client_secret');
    if (!secret) throw missingParam('client_secret');
    const intent = store.paymentIntents.get(id);
    if (!intent || intent.client_secret !== secret) {
      throw invalidRequest(
        'The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.',
        'client_secret',
        'payment_intent_invalid_parameter',
      );
    }
    return intent;
  }

  router.post(
    '/v1/payment_methods',
    api('browser', ({ params: form }) => {
      const params = Params.of(form, [
        'type',
        'card',
        'billing_details',
        'metadata',
        'allow_redisplay',
        'expand',
        ...STRIPE_JS_EXTRAS,
      ]);
      params.oneOf('allow_redisplay', ['always', 'limited', 'unspecified']);
      return reply(createCard(params), params.expand());
    }),
  );

  router.get(
    '/v1/payment_methods/:id',
    api('secret', ({ params: form, path }) =>
      reply(store.paymentMethod(path.id!), Params.of(form, ['expand']).expand()),
    ),
  );

  router.post(
    '/v1/payment_methods/:id/attach',
    api('secret', ({ params: form, path, cause }) => {
      const params = Params.of(form, ['customer', 'expand']);
      const customer = store.customer(params.requiredString('customer'), 'customer');
      const method = store.paymentMethod(path.id!);
      payments.attach(method, customer.id, cause);
      return reply(method, params.expand());
    }),
  );

  router.get(
    '/v1/payment_intents/:id',
    api('browser', ({ params: form, path, caller }) => {
      const params = Params.of(form, ['client_secret', 'expand', ...STRIPE_JS_EXTRAS]);
      return reply(intentFor(path.id!, caller, params), params.expand());
    }),
  );

  router.post(
    '/v1/payment_intents/:id/confirm',
    api('browser', ({ params: form, path, caller, cause, base }) => {
      const params = Params.of(form, [
        'client_secret',
        'payment_method',
        'payment_method_data',
        'return_url',
        'off_session',
        'use_stripe_sdk',
        'mandate_data',
        'payment_method_options',
        'expand',
        ...STRIPE_JS_EXTRAS,
      ]);
      const intent = intentFor(path.id!, caller, params);
      const returnUrl = params.string('return_url', 2048);
      if (returnUrl !== undefined && !/^https?:$/.test(urlProtocol(returnUrl))) {
        throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
      }
      const methodId = params.string('payment_method');
      const methodData = params.object('payment_method_data', ['type', 'card', 'billing_details', 'metadata']);
      if (methodId && methodData) {
        throw invalidRequest(
          'You may only specify one of these parameters: payment_method, payment_method_data.',
          'payment_method',
        );
      }
      const method = methodData
        ? createCard(methodData)
        : methodId
          ? payments.usable(methodId, 'payment_method')
          : typeof intent.payment_method === 'string'
            ? store.paymentMethod(intent.payment_method)
            : undefined;
      if (!method) {
        throw invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus, specify a payment method attached to this customer along with the customer ID.",
          'payment_method',
          'payment_intent_unexpected_state',
        );
      }
      const offSession = caller.kind === 'secret' && (params.boolean('off_session') ?? false);
      payments.confirm(
        intent,
        method,
        {
          returnUrl: returnUrl ?? null,
          offSession,
          authenticationUrl: (confirmed) => authenticationUrl(base, confirmed),
        },
        cause,
      );
      return reply(intent, params.expand());
    }),
  );
}

function urlProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}
