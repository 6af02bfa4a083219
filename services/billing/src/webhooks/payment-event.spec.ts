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
      });
    },
  );

  it.each(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'])(
    "%s names the subscription through the invoice's parent (this API version)",
    (type) => {
      const invoice = {
        id: 'in_1',
        object: 'invoice',
        customer: { id: 'cus_1', object: 'customer' },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: null } },
      };
      expect(paymentEventOf(event(type, invoice))).toEqual({ type, subscriptionId: 'sub_1', customerId: 'cus_1' });
    },
  );

  it('ignores an invoice of no subscription, and every other event type', () => {
    expect(
      paymentEventOf(event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1', parent: null })),
    ).toBeNull();
    expect(paymentEventOf(event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }))).toBeNull();
    expect(paymentEventOf(event('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
  });
});
