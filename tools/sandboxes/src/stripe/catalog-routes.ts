import type { Router } from 'express';
import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.js';
import type { EventCause } from './events.js';
import { unixNow } from './ids.js';
import { LIST_PARAMS, page } from './list.js';
import { priceObject, productObject } from './objects.js';
import { applyMetadata, Params } from './params.js';
import { idOf, previousAttributes, snapshot } from './snapshot.js';
import type { RouteContext } from './route-context.js';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** Stripe bills at most once a year: 365 days, 52 weeks, 12 months or 1 year. */
const MOST_INTERVALS: Record<(typeof INTERVALS)[number], number> = { day: 365, week: 52, month: 12, year: 1 };

const PRODUCT_FIELDS = ['name', 'id', 'description', 'metadata', 'active', 'expand'];
const PRICE_FIELDS = [
  'currency',
  'unit_amount',
  'product',
  'product_data',
  'recurring',
  'lookup_key',
  'transfer_lookup_key',
  'nickname',
  'metadata',
  'active',
  'tax_behavior',
  'expand',
];

/** Products and prices: what a subscription bills, found again by a price's `lookup_key`. */
export function catalogRoutes(router: Router, { store, events, reply, api }: RouteContext): void {
  function createProduct(params: Params, cause: EventCause): Stripe.Product {
    const id = params.string('id', 100);
    if (id !== undefined && store.products.has(id)) {
      throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
    }
    const product = productObject(
      {
        id,
        name: params.requiredString('name', 250),
        description: params.clearableString('description') ?? null,
        metadata: applyMetadata({}, params.metadata()),
        active: params.boolean('active') ?? true,
      },
      unixNow(),
    );
    store.products.set(product.id, product);
    events.record('product.created', product, { cause, orderingKey: product.id });
    return product;
  }

  /** A lookup key names one price; `transfer_lookup_key` moves it from the price that has it. */
  function claimLookupKey(key: string, transfer: boolean, cause: EventCause): void {
    const holder = [...store.prices.values()].find((price) => price.lookup_key === key);
    if (!holder) return;
    if (!transfer) {
      throw invalidRequest(
        `A price (\`${holder.id}\`) already uses that lookup key. Pass \`transfer_lookup_key=true\` to move it to this price.`,
        'lookup_key',
      );
    }
    const before = snapshot(holder);
    holder.lookup_key = null;
    events.record('price.updated', holder, {
      cause,
      orderingKey: holder.id,
      previous: previousAttributes(before, holder),
    });
  }

  router.post(
    '/v1/products',
    api('secret', ({ params: form, cause }) => {
      const params = Params.of(form, PRODUCT_FIELDS);
      return reply(createProduct(params, cause), params.expand());
    }),
  );

  router.get(
    '/v1/products/:id',
    api('secret', ({ params: form, path }) => reply(store.product(path.id!), Params.of(form, ['expand']).expand())),
  );

  router.get(
    '/v1/products',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'active']);
      const active = params.boolean('active');
      const products = [...store.products.values()]
        .reverse()
        .filter((p) => active === undefined || p.active === active);
      return reply(page(products, params, '/v1/products'), params.expand());
    }),
  );

  router.post(
    '/v1/prices',
    api('secret', ({ params: form, cause }) => {
      const params = Params.of(form, PRICE_FIELDS);
      const currency = params.requiredString('currency').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
      const unitAmount = params.integer('unit_amount', { min: 0, max: 99_999_999 });
      if (unitAmount === undefined) throw missingParam('unit_amount');
      const recurringParams = params.object('recurring', ['interval', 'interval_count', 'usage_type']);
      let recurring: { interval: (typeof INTERVALS)[number]; interval_count: number } | null = null;
      if (recurringParams) {
        const interval = recurringParams.oneOf('interval', INTERVALS);
        if (!interval) throw missingParam('recurring[interval]');
        const count = recurringParams.integer('interval_count', { min: 1, max: MOST_INTERVALS[interval] }) ?? 1;
        // Metered prices need usage records; the stand-in bills licensed (per seat) prices only.
        recurringParams.oneOf('usage_type', ['licensed']);
        recurring = { interval, interval_count: count };
      }
      const productId = params.string('product');
      const productData = params.object('product_data', ['name', 'id', 'description', 'metadata', 'active']);
      if (productId && productData) {
        throw invalidRequest('You may only specify one of these parameters: product, product_data.', 'product');
      }
      if (!productId && !productData) throw missingParam('product');
      const lookupKey = params.clearableString('lookup_key', 200) ?? null;
      const transfer = params.boolean('transfer_lookup_key') ?? false;
      params.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']);
      const product = productId ? store.product(productId, 'product').id : createProduct(productData!, cause).id;
      if (lookupKey) claimLookupKey(lookupKey, transfer, cause);
      const price = priceObject(
        {
          product,
          currency,
          unitAmount,
          recurring,
          lookupKey,
          nickname: params.clearableString('nickname') ?? null,
          metadata: applyMetadata({}, params.metadata()),
          active: params.boolean('active') ?? true,
        },
        unixNow(),
      );
      store.prices.set(price.id, price);
      events.record('price.created', price, { cause, orderingKey: price.id });
      return reply(price, params.expand());
    }),
  );

  router.get(
    '/v1/prices/:id',
    api('secret', ({ params: form, path }) => reply(store.price(path.id!), Params.of(form, ['expand']).expand())),
  );

  router.post(
    '/v1/prices/:id',
    api('secret', ({ params: form, path, cause }) => {
      const params = Params.of(form, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'expand']);
      const price = store.price(path.id!);
      const before = snapshot(price);
      const lookupKey = params.clearableString('lookup_key', 200);
      if (lookupKey && lookupKey !== price.lookup_key) {
        claimLookupKey(lookupKey, params.boolean('transfer_lookup_key') ?? false, cause);
      }
      if (lookupKey !== undefined) price.lookup_key = lookupKey;
      const active = params.boolean('active');
      if (active !== undefined) price.active = active;
      const nickname = params.clearableString('nickname');
      if (nickname !== undefined) price.nickname = nickname;
      price.metadata = applyMetadata(price.metadata, params.metadata());
      const previous = previousAttributes(before, price);
      if (Object.keys(previous).length > 0) {
        events.record('price.updated', price, { cause, orderingKey: price.id, previous });
      }
      return reply(price, params.expand());
    }),
  );

  router.get(
    '/v1/prices',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'active', 'currency', 'product', 'type', 'lookup_keys']);
      const active = params.boolean('active');
      const currency = params.string('currency')?.toLowerCase();
      const product = params.string('product');
      const type = params.oneOf('type', ['one_time', 'recurring']);
      const lookupKeys = params.stringList('lookup_keys', 10);
      const prices = [...store.prices.values()]
        .reverse()
        .filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (currency === undefined || price.currency === currency) &&
            (product === undefined || idOf(price.product) === product) &&
            (type === undefined || price.type === type) &&
            (lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
        );
      return reply(page(prices, params, '/v1/prices'), params.expand());
    }),
  );
}
