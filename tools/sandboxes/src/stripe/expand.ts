import type Stripe from 'stripe';
import { invalidRequest } from './errors.js';
import { fieldsOf, snapshot } from './snapshot.js';
import type { StripeStore } from './store.js';

/** Stripe expands at most four levels (`a.b.c.d`). */
const MAX_DEPTH = 4;

type Resolver = (value: string | undefined, parent: Record<string, unknown>) => unknown;
type Resolvers = Record<string, Record<string, Resolver>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `expand[]` as Stripe does it: a reference (an id) becomes the object, and an "includable" field the object leaves
 * out (an invoice's `confirmation_secret`) is added. Paths are dotted and go through lists (`items.data.price.product`,
 * `data.product` on a list). A path that names nothing expandable is refused with Stripe's message.
 */
export class Expander {
  private readonly resolvers: Resolvers;

  constructor(private readonly store: StripeStore) {
    const customer = this.reference((id) => store.customers.get(id));
    const invoice = this.reference((id) => store.invoices.get(id));
    const paymentMethod = this.reference((id) => store.paymentMethods.get(id));
    const paymentIntent = this.reference((id) => store.paymentIntents.get(id));
    const subscription = this.reference((id) => store.subscriptions.get(id));
    const product = this.reference((id) => store.products.get(id));
    const price = this.reference((id) => store.prices.get(id));
    // Keyed by the nearest enclosing object's `object`, then the path from it (plain nested objects have no `object`).
    this.resolvers = {
      subscription: { customer, latest_invoice: invoice, default_payment_method: paymentMethod },
      invoice: {
        customer,
        default_payment_method: paymentMethod,
        'parent.subscription_details.subscription': subscription,
        confirmation_secret: (_, parent) => this.confirmationSecret(String(parent.id)),
        payments: (_, parent) => this.payments(String(parent.id)),
      },
      line_item: { subscription, 'pricing.price_details.price': price },
      invoice_payment: { invoice, 'payment.payment_intent': paymentIntent },
      payment_intent: { customer, payment_method: paymentMethod },
      payment_method: { customer },
      customer: { 'invoice_settings.default_payment_method': paymentMethod },
      price: { product },
      product: { default_price: price },
    };
  }

  /** A copy of `object` with each path expanded. */
  expand<T extends object>(object: T, paths: readonly string[]): T {
    const copy = snapshot(object);
    for (const path of paths) {
      const parts = path.split('.');
      if (parts.length > MAX_DEPTH || parts.some((part) => part === '')) {
        throw invalidRequest(
          `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
          'expand',
        );
      }
      this.walk(copy, parts, '', [], path);
    }
    return copy;
  }

  private walk(node: unknown, parts: string[], owner: string, within: string[], path: string): unknown {
    if (Array.isArray(node)) return node.map((element) => this.walk(element, parts, owner, within, path));
    if (parts.length === 0 || node === null) return node;
    if (!isRecord(node)) throw cannotExpand(path);
    const [head, ...rest] = parts as [string, ...string[]];
    const type = typeof node.object === 'string' ? node.object : undefined;
    const nextOwner = type ?? owner;
    const nextWithin = type ? [head] : [...within, head];
    let child = node[head];
    if (child === undefined || typeof child === 'string') {
      const resolve = this.resolvers[nextOwner]?.[nextWithin.join('.')];
      if (!resolve) throw cannotExpand(path);
      child = resolve(child, node);
    }
    node[head] = this.walk(child, rest, nextOwner, nextWithin, path);
    return node;
  }

  private reference(find: (id: string) => object | undefined): Resolver {
    return (id) => {
      const found = id === undefined ? undefined : find(id);
      return found ? fieldsOf(snapshot(found)) : id;
    };
  }

  /** What pays an invoice in the browser: its PaymentIntent's client secret. */
  private confirmationSecret(invoiceId: string): Stripe.Invoice.ConfirmationSecret | null {
    const intent = this.store.intentOfInvoice(invoiceId);
    const invoice = this.store.invoices.get(invoiceId);
    if (!intent?.client_secret || !invoice || invoice.status === 'void') return null;
    return { client_secret: intent.client_secret, type: 'payment_intent' };
  }

  private payments(invoiceId: string): Stripe.ApiList<Stripe.InvoicePayment> {
    const payment = this.store.invoicePayments.get(invoiceId);
    return {
      object: 'list',
      data: payment ? [snapshot(payment)] : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoiceId}`,
    };
  }
}

const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
