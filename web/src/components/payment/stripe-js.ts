import { loadStripe, type PaymentIntent, type Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js, for a real publishable key. This module is only ever imported on demand, so pages without a card form
 * never download it, and Stripe's script is added to the page only when a card form or a payment result needs it.
 */
const instances = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    // A failed load (offline) may be retried later.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}

/** The PaymentIntent behind a client secret, as Stripe.js reads it (why a payment failed). */
export async function retrievePaymentIntentWithStripe(
  publishableKey: string,
  clientSecret: string,
): Promise<PaymentIntent | null> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return null;
  const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
  return paymentIntent ?? null;
}
