import type { Router } from 'express';
import type Stripe from 'stripe';
import { invalidRequest } from './errors.js';
import { unixNow } from './ids.js';
import { LIST_PARAMS, page } from './list.js';
import { customerObject } from './objects.js';
import { applyMetadata, Params } from './params.js';
import { previousAttributes, snapshot } from './snapshot.js';
import type { RouteContext } from './route-context.js';

const FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'payment_method', 'invoice_settings', 'expand'];
const INVOICE_SETTINGS = ['default_payment_method', 'footer'];

/** Customers: create, retrieve, update, list (by email) and search (`email:'..'`, `metadata['key']:'..'`). */
export function customerRoutes(router: Router, { store, events, payments, reply, api }: RouteContext): void {
  /** The fields create and update share; the customer must exist for a default card to be attached to it. */
  function apply(customer: Stripe.Customer, params: Params, cause: Parameters<typeof payments.attach>[2]): void {
    const email = params.clearableString('email', 512);
    if (email !== undefined) customer.email = email;
    const name = params.clearableString('name', 256);
    if (name !== undefined) customer.name = name;
    const description = params.clearableString('description');
    if (description !== undefined) customer.description = description;
    const phone = params.clearableString('phone', 20);
    if (phone !== undefined) customer.phone = phone;
    customer.metadata = applyMetadata(customer.metadata, params.metadata());
    const paymentMethod = params.string('payment_method');
    if (paymentMethod) payments.attach(payments.usable(paymentMethod, 'payment_method'), customer.id, cause);
    const settings = params.object('invoice_settings', INVOICE_SETTINGS);
    const footer = settings?.clearableString('footer');
    if (footer !== undefined) customer.invoice_settings.footer = footer;
    const defaultMethod = settings?.clearableString('default_payment_method');
    if (defaultMethod) {
      const method = store.paymentMethod(defaultMethod, 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id) {
        throw invalidRequest(
          `No such PaymentMethod: '${defaultMethod}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account. Attach the PaymentMethod to this customer first.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
    }
    if (defaultMethod !== undefined) customer.invoice_settings.default_payment_method = defaultMethod;
  }

  router.post(
    '/v1/customers',
    api('secret', ({ params: form, cause }) => {
      const params = Params.of(form, FIELDS);
      const customer = customerObject(
        { email: null, name: null, description: null, phone: null, metadata: {} },
        unixNow(),
      );
      store.customers.set(customer.id, customer);
      try {
        apply(customer, params, cause);
      } catch (error) {
        store.customers.delete(customer.id);
        throw error;
      }
      events.record('customer.created', customer, { cause, orderingKey: customer.id });
      return reply(customer, params.expand());
    }),
  );

  router.get(
    '/v1/customers/search',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, ['query', 'limit', 'page', 'expand']);
      const matches = searchCustomers(params.requiredString('query'), [...store.customers.values()].reverse());
      const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
      const result: Stripe.ApiSearchResult<Stripe.Customer> = {
        object: 'search_result',
        data: matches.slice(0, limit),
        has_more: matches.length > limit,
        next_page: null,
        url: '/v1/customers/search',
      };
      return reply(result, params.expand());
    }),
  );

  router.get(
    '/v1/customers/:id',
    api('secret', ({ params: form, path }) => reply(store.customer(path.id!), Params.of(form, ['expand']).expand())),
  );

  router.post(
    '/v1/customers/:id',
    api('secret', ({ params: form, path, cause }) => {
      const params = Params.of(form, FIELDS);
      const customer = store.customer(path.id!);
      const before = snapshot(customer);
      apply(customer, params, cause);
      const previous = previousAttributes(before, customer);
      if (Object.keys(previous).length > 0) {
        events.record('customer.updated', customer, { cause, orderingKey: customer.id, previous });
      }
      return reply(customer, params.expand());
    }),
  );

  router.get(
    '/v1/customers',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'email']);
      const email = params.string('email', 512);
      const all = [...store.customers.values()].reverse();
      // Stripe matches the email exactly, case-sensitively.
      const matching = email === undefined ? all : all.filter((customer) => customer.email === email);
      return reply(page(matching, params, '/v1/customers'), params.expand());
    }),
  );
}

/**
 * The part of Stripe's search query language customers are found by here: clauses `email:'..'`, `name:'..'`,
 * `metadata['key']:'..'` joined by AND (exact matches).
 */
export function searchCustomers(query: string, customers: Stripe.Customer[]): Stripe.Customer[] {
  const clause = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*(['"])(.*?)\3\s*$/;
  const parts = query.split(/\s+AND\s+/);
  const tests = parts.map((part) => {
    const match = clause.exec(part);
    if (!match) {
      throw invalidRequest(
        `The stand-in's search understands clauses like email:'a@example.com' or metadata['key']:'value' joined by AND; got: ${part.trim()}`,
        'query',
      );
    }
    const [, field, metadataKey, , value] = match;
    return (customer: Stripe.Customer) =>
      metadataKey !== undefined
        ? customer.metadata[metadataKey] === value
        : (field === 'email' ? customer.email : field === 'name' ? customer.name : customer.phone) === value;
  });
  return customers.filter((customer) => tests.every((test) => test(customer)));
}
