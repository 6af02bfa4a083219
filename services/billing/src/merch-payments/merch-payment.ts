import type Stripe from 'stripe';
import { MERCH_PAYMENT_PURPOSE, merchPaymentSucceededSchema, type MerchPaymentSucceeded } from '@medical-qr/contracts';

/** The shop prices merch in US cents. */
export const MERCH_CURRENCY = 'usd';

/** One PaymentIntent per checkout: a retried request (its answer lost, or the shop asking again) gets the same one. */
export function merchPaymentIdempotencyKey(checkoutId: string): string {
  return `merch-payment-${checkoutId}`;
}

/** The announcement's id follows the PaymentIntent, so a replayed webhook publishes the same id and consumers dedupe. */
export function merchPaymentEventId(paymentIntentId: string): string {
  return `merch-payment-${paymentIntentId}`;
}

/** A PaymentIntent billing made for a merch checkout; a subscription invoice's PaymentIntent carries no such mark. */
export function isMerchPayment(intent: Stripe.PaymentIntent): boolean {
  return intent.metadata?.purpose === MERCH_PAYMENT_PURPOSE;
}

/**
 * What the shop is told of a merch PaymentIntent the provider says has succeeded; null while it has
 * not, or when its metadata does not name a checkout and a user (then it was not made by billing).
 */
export function merchPaymentSucceededOf(intent: Stripe.PaymentIntent): MerchPaymentSucceeded | null {
  if (!isMerchPayment(intent) || intent.status !== 'succeeded') return null;
  const payment = merchPaymentSucceededSchema.safeParse({
    checkoutId: intent.metadata.checkoutId,
    userId: intent.metadata.userId,
    paymentIntentId: intent.id,
    amountCents: intent.amount_received,
  });
  return payment.success ? payment.data : null;
}
