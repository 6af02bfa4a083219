import type Stripe from 'stripe';
import { eventIdSchema, MERCH_PAYMENT_PURPOSE } from '@medical-qr/contracts';
import {
  isMerchPayment,
  merchPaymentEventId,
  merchPaymentIdempotencyKey,
  merchPaymentSucceededOf,
} from './merch-payment.js';

const checkoutId = '0b9e8f4e-3f5c-4d59-9a57-5b0d8b7c2a10';
const userId = '6f1d2c3b-8a9e-4f70-b1c2-d3e4f5a6b7c8';

function intent(fields: Partial<Stripe.PaymentIntent>): Stripe.PaymentIntent {
  return {
    id: 'pi_3QxYzAbCdEfGhIjKlMnOpQr',
    object: 'payment_intent',
    status: 'succeeded',
    amount: 2498,
    amount_received: 2498,
    metadata: { purpose: MERCH_PAYMENT_PURPOSE, checkoutId, userId },
    ...fields,
  } as Stripe.PaymentIntent;
}

describe('merch PaymentIntents', () => {
  it('announces a succeeded merch payment with its checkout, user and the amount received', () => {
    expect(merchPaymentSucceededOf(intent({}))).toEqual({
      checkoutId,
      userId,
      paymentIntentId: 'pi_3QxYzAbCdEfGhIjKlMnOpQr',
      amountCents: 2498,
    });
  });

  it("leaves out a subscription invoice's PaymentIntent, an unpaid one and one whose metadata names no checkout", () => {
    const invoicePayment = intent({ metadata: {} });
    expect(isMerchPayment(invoicePayment)).toBe(false);
    expect(merchPaymentSucceededOf(invoicePayment)).toBeNull();
    expect(merchPaymentSucceededOf(intent({ status: 'requires_payment_method', amount_received: 0 }))).toBeNull();
    expect(merchPaymentSucceededOf(intent({ status: 'processing' }))).toBeNull();
    expect(merchPaymentSucceededOf(intent({ metadata: { purpose: MERCH_PAYMENT_PURPOSE, userId } }))).toBeNull();
    expect(
      merchPaymentSucceededOf(intent({ metadata: { purpose: MERCH_PAYMENT_PURPOSE, checkoutId: 'c-1', userId } })),
    ).toBeNull();
  });

  it('keys the PaymentIntent by checkout and the announcement by PaymentIntent, each a valid event id', () => {
    expect(merchPaymentIdempotencyKey(checkoutId)).toBe(merchPaymentIdempotencyKey(checkoutId));
    expect(merchPaymentEventId('pi_3QxYzAbCdEfGhIjKlMnOpQr')).toBe('merch-payment-pi_3QxYzAbCdEfGhIjKlMnOpQr');
    expect(eventIdSchema.safeParse(merchPaymentEventId('pi_3QxYzAbCdEfGhIjKlMnOpQr')).success).toBe(true);
  });
});
