import type Stripe from 'stripe';
import type { CardBehaviour } from './cards.js';
import { resourceMissing } from './errors.js';

/** Everything one stand-in account holds, in memory, in creation order. */
export class StripeStore {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  /** Each invoice's payment, by invoice id. */
  readonly invoicePayments = new Map<string, Stripe.InvoicePayment>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  /** What each card PaymentMethod does when charged; the card number itself is never kept. */
  readonly cardBehaviours = new Map<string, CardBehaviour>();
  /** The invoice each PaymentIntent pays. */
  readonly invoiceOfIntent = new Map<string, string>();
  /** The return URL a confirmation gave, for the authentication page. */
  readonly returnUrls = new Map<string, string | null>();

  customer(id: string, param?: string): Stripe.Customer {
    return found(this.customers.get(id), 'customer', id, param);
  }

  product(id: string, param?: string): Stripe.Product {
    return found(this.products.get(id), 'product', id, param);
  }

  price(id: string, param?: string): Stripe.Price {
    return found(this.prices.get(id), 'price', id, param);
  }

  subscription(id: string, param?: string): Stripe.Subscription {
    return found(this.subscriptions.get(id), 'subscription', id, param);
  }

  invoice(id: string, param?: string): Stripe.Invoice {
    return found(this.invoices.get(id), 'invoice', id, param);
  }

  paymentIntent(id: string, param?: string): Stripe.PaymentIntent {
    return found(this.paymentIntents.get(id), 'payment_intent', id, param);
  }

  paymentMethod(id: string, param?: string): Stripe.PaymentMethod {
    return found(this.paymentMethods.get(id), 'PaymentMethod', id, param);
  }

  /** The PaymentIntent of an invoice's payment. */
  intentOfInvoice(invoiceId: string): Stripe.PaymentIntent | undefined {
    const payment = this.invoicePayments.get(invoiceId)?.payment.payment_intent;
    return typeof payment === 'string' ? this.paymentIntents.get(payment) : undefined;
  }

  /** Invoice numbers as Stripe makes them: the customer's prefix and a running number. */
  nextInvoiceNumber(customer: Stripe.Customer): string {
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    return `${customer.invoice_prefix ?? 'INVOICE'}-${String(sequence).padStart(4, '0')}`;
  }
}

function found<T>(value: T | undefined, kind: string, id: string, param?: string): T {
  if (value === undefined) throw resourceMissing(kind, id, param);
  return value;
}
