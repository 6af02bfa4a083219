import type { Router } from 'express';
import type Stripe from 'stripe';
import { authenticationUrl } from './authentication-page.js';
import { invalidRequest, missingParam } from './errors.js';
import { LIST_PARAMS, page } from './list.js';
import { applyMetadata, Params } from './params.js';
import { idOf } from './snapshot.js';
import type { RouteContext } from './route-context.js';
import { itemOf, type PaymentBehavior, type SubscriptionChanges } from './subscriptions.js';

const CREATE_FIELDS = [
  'customer',
  'items',
  'payment_behavior',
  'payment_settings',
  'default_payment_method',
  'metadata',
  'description',
  'cancel_at_period_end',
  'collection_method',
  'off_session',
  'proration_behavior',
  'expand',
];
const UPDATE_FIELDS = [
  'cancel_at_period_end',
  'cancel_at',
  'cancellation_details',
  'metadata',
  'description',
  'default_payment_method',
  'payment_behavior',
  'proration_behavior',
  'off_session',
  'expand',
];
const PAYMENT_BEHAVIORS: readonly PaymentBehavior[] = [
  'allow_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
  'default_incomplete',
];
const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;

/** Subscriptions: create (one item), retrieve, update (cancel at period end and back), cancel now, list. */
export function subscriptionRoutes(router: Router, context: RouteContext): void {
  const { store, subscriptions, payments, reply, api } = context;

  /** A card the customer has, to be the subscription's default. */
  function customersCard(id: string, customer: string, param: string): Stripe.PaymentMethod {
    const method = payments.usable(id, param);
    if (method.customer !== customer) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
      );
    }
    return method;
  }

  router.post(
    '/v1/subscriptions',
    api('secret', ({ params: form, cause, base }) => {
      const params = Params.of(form, CREATE_FIELDS);
      const customer = store.customer(params.requiredString('customer'), 'customer');
      const items = params.objectList('items', ['price', 'quantity', 'metadata']);
      if (!items || items.length === 0) throw missingParam('items');
      if (items.length > 1) {
        throw invalidRequest('The local Stripe stand-in bills one item per subscription.', 'items[1]');
      }
      const item = items[0]!;
      const price = store.price(item.requiredString('price'), 'items[0][price]');
      if (price.type !== 'recurring' || !price.recurring) {
        throw invalidRequest(
          'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
          'items[0][price]',
        );
      }
      if (!price.active) {
        throw invalidRequest(
          `The price specified is inactive. This field only accepts active prices.`,
          'items[0][price]',
        );
      }
      const paymentSettings = params.object('payment_settings', [
        'save_default_payment_method',
        'payment_method_types',
        'payment_method_options',
      ]);
      const types = paymentSettings?.stringList('payment_method_types');
      if (types && types.some((type) => type !== 'card')) {
        throw invalidRequest('The local Stripe stand-in takes cards only.', 'payment_settings[payment_method_types]');
      }
      params.oneOf('collection_method', ['charge_automatically']);
      params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']);
      params.boolean('off_session');
      const defaultMethodId = params.string('default_payment_method');
      const subscription = subscriptions.create(
        {
          customer,
          price,
          quantity: item.integer('quantity', { min: 1, max: 10_000 }) ?? 1,
          paymentBehavior: params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete',
          saveDefaultPaymentMethod:
            paymentSettings?.oneOf('save_default_payment_method', ['off', 'on_subscription']) ?? null,
          defaultPaymentMethod: defaultMethodId
            ? customersCard(defaultMethodId, customer.id, 'default_payment_method')
            : null,
          metadata: applyMetadata({}, params.metadata()),
          description: params.clearableString('description', 500) ?? null,
          cancelAtPeriodEnd: params.boolean('cancel_at_period_end') ?? false,
        },
        cause,
        (intent) => authenticationUrl(base, intent),
      );
      // Item metadata is kept on the item, as Stripe does.
      itemOf(subscription).metadata = applyMetadata({}, item.metadata());
      return reply(subscription, params.expand());
    }),
  );

  router.get(
    '/v1/subscriptions/:id',
    api('secret', ({ params: form, path }) =>
      reply(store.subscription(path.id!), Params.of(form, ['expand']).expand()),
    ),
  );

  router.post(
    '/v1/subscriptions/:id',
    api('secret', ({ params: form, path, cause }) => {
      const params = Params.of(form, UPDATE_FIELDS);
      const subscription = store.subscription(path.id!);
      const changes: SubscriptionChanges = {};
      const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
      if (cancelAtPeriodEnd !== undefined) changes.cancelAtPeriodEnd = cancelAtPeriodEnd;
      if (params.has('cancel_at')) {
        const text = params.string('cancel_at');
        if (cancelAtPeriodEnd !== undefined) {
          throw invalidRequest(
            'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
            'cancel_at',
          );
        }
        if (text === '') changes.cancelAt = null;
        else if (text === 'min_period_end' || text === 'max_period_end') changes.cancelAt = 'period_end';
        else {
          const at = params.integer('cancel_at', { min: 0 })!;
          if (at < Math.floor(Date.now() / 1000)) {
            throw invalidRequest('cancel_at must be in the future.', 'cancel_at');
          }
          changes.cancelAt = at;
        }
      }
      const metadata = params.metadata();
      if (metadata) changes.metadata = applyMetadata(subscription.metadata, metadata);
      const description = params.clearableString('description', 500);
      if (description !== undefined) changes.description = description;
      const defaultMethod = params.clearableString('default_payment_method');
      if (defaultMethod !== undefined) {
        changes.defaultPaymentMethod = defaultMethod
          ? customersCard(defaultMethod, idOf(subscription.customer), 'default_payment_method').id
          : null;
      }
      const details = params.object('cancellation_details', ['comment', 'feedback']);
      if (details?.has('comment')) changes.cancellationComment = details.clearableString('comment') ?? null;
      if (details?.has('feedback')) {
        changes.cancellationFeedback =
          details.string('feedback') === '' ? null : (details.oneOf('feedback', FEEDBACK) ?? null);
      }
      params.oneOf('payment_behavior', PAYMENT_BEHAVIORS);
      params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']);
      params.boolean('off_session');
      subscriptions.update(subscription, changes, cause);
      return reply(subscription, params.expand());
    }),
  );

  router.delete(
    '/v1/subscriptions/:id',
    api('secret', ({ params: form, path, cause }) => {
      const params = Params.of(form, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
      params.boolean('invoice_now');
      params.boolean('prorate');
      const subscription = store.subscription(path.id!);
      const details = params.object('cancellation_details', ['comment', 'feedback']);
      subscriptions.cancelNow(subscription, cause);
      if (details) {
        subscription.cancellation_details = {
          ...subscription.cancellation_details!,
          comment: details.clearableString('comment') ?? null,
          feedback: details.oneOf('feedback', FEEDBACK) ?? null,
        };
      }
      return reply(subscription, params.expand());
    }),
  );

  router.get(
    '/v1/subscriptions',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'customer', 'price', 'status']);
      const customer = params.string('customer');
      const price = params.string('price');
      const status = params.oneOf('status', STATUSES);
      const shown = (subscription: Stripe.Subscription) => {
        if (status === 'all') return true;
        if (status === 'ended') return ['canceled', 'incomplete_expired'].includes(subscription.status);
        // Without a status, Stripe lists every subscription that is not canceled.
        return status === undefined ? subscription.status !== 'canceled' : subscription.status === status;
      };
      const found = [...store.subscriptions.values()]
        .reverse()
        .filter(
          (subscription) =>
            shown(subscription) &&
            (customer === undefined || idOf(subscription.customer) === customer) &&
            (price === undefined || itemOf(subscription).price.id === price),
        );
      return reply(page(found, params, '/v1/subscriptions'), params.expand());
    }),
  );
}
