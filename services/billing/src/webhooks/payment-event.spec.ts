import type Stripe from 'stripe';
import { paymentEventOf } from './payment-event.js';

function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return { id: 'evt_1', object: 'event', type, data: { object } } as unknown as Stripe.Event;
}

describe('which provider events billing acts on', () => {
  it.each(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'])(
    '%s names its subscription and customer',
    (type) => {
      expect(paymentEventOf(event(type, { id: 'sub_1', object: 'subscription', customer: 'cus_1' }))).toEqual({
        type,
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        paymentIntentId: null,
        invoiceId: null,
        amountPaidCents: null,
      });
    },
  );

  it.each(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'])(
    "%s names the subscription through the invoice's parent (this API version)",
    (type) => {
      const invoice = {
        id: 'in_1',
        object: 'invoice',
        amount_paid: 999,
        customer: { id: 'cus_1', object: 'customer' },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: null } },
      };
      // Only invoice.paid carries what its receipt needs: Stripe sends it and invoice.payment_succeeded for one payment.
      const paid = type === 'invoice.paid';
      expect(paymentEventOf(event(type, invoice))).toEqual({
        type,
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        paymentIntentId: null,
        invoiceId: paid ? 'in_1' : null,
        amountPaidCents: paid ? 999 : null,
      });
    },
  );

  it('payment_intent.succeeded names its PaymentIntent (what it paid for is asked of the provider)', () => {
    const intent = { id: 'pi_1', object: 'payment_intent', customer: null, metadata: { purpose: 'merch' } };
    expect(paymentEventOf(event('payment_intent.succeeded', intent))).toEqual({
      type: 'payment_intent.succeeded',
      subscriptionId: null,
      customerId: null,
      paymentIntentId: 'pi_1',
      invoiceId: null,
      amountPaidCents: null,
    });
  });

  it('ignores an invoice of no subscription, and every other event type', () => {
    expect(
      paymentEventOf(event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1', parent: null })),
    ).toBeNull();
    expect(paymentEventOf(event('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }))).toBeNull();
    expect(paymentEventOf(event('payment_intent.payment_failed', { id: 'pi_1', object: 'payment_intent' }))).toBeNull();
    expect(paymentEventOf(event('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
  });
});
