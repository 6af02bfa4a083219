import type Stripe from 'stripe';
import type { PaymentEventReceived } from '@medical-qr/contracts';
import { idOf } from '../subscriptions/subscription-row.js';

/**
 * What billing needs to know of a provider event it acts on: which subscription (and customer), or
 * which PaymentIntent, to ask the provider about. Null for every other event (other types, invoices
 * of no subscription): those are acknowledged and ignored.
 */
export function paymentEventOf(event: Stripe.Event): PaymentEventReceived | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      return {
        type: event.type,
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        paymentIntentId: null,
        invoiceId: null,
        amountPaidCents: null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // In this API version an invoice names its subscription through its parent.
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      // A one-off invoice concerns no subscription, so nothing of premium.
      if (!subscriptionId) return null;
      const paid = event.type === 'invoice.paid';
      return {
        type: event.type,
        subscriptionId,
        customerId: idOf(invoice.customer),
        paymentIntentId: null,
        // Stripe sends invoice.paid and invoice.payment_succeeded for one payment: the receipt follows the first only.
        invoiceId: paid && invoice.id ? invoice.id : null,
        amountPaidCents: paid ? invoice.amount_paid : null,
      };
    }
    case 'payment_intent.succeeded': {
      // Which payment it was (a merch checkout, or a subscription's invoice) is read from the provider, not from here.
      const intent = event.data.object;
      return {
        type: event.type,
        subscriptionId: null,
        customerId: idOf(intent.customer),
        paymentIntentId: intent.id,
        invoiceId: null,
        amountPaidCents: null,
      };
    }
    default:
      return null;
  }
}
