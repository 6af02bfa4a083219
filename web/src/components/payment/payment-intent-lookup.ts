import type { StripeKeyResponse } from '@medical-qr/contracts';
import { PAYMENT_NOT_COMPLETED, retrievePaymentIntentFromStandIn } from './stand-in-payments';

/**
 * Why a payment failed, in the provider's words (its PaymentIntent's last error), read with the client secret the
 * provider put in the return address: from the stand-in directly, or through Stripe.js (loaded only for this).
 */
export async function paymentFailureReason(stripeKey: StripeKeyResponse, clientSecret: string): Promise<string> {
  try {
    const intent = stripeKey.apiUrl
      ? await retrievePaymentIntentFromStandIn(
          { apiUrl: stripeKey.apiUrl, publishableKey: stripeKey.key },
          clientSecret,
        )
      : await import('./stripe-js').then(({ retrievePaymentIntentWithStripe }) =>
          retrievePaymentIntentWithStripe(stripeKey.key, clientSecret),
        );
    return intent?.last_payment_error?.message || PAYMENT_NOT_COMPLETED;
  } catch (error) {
    console.warn('Could not read why the payment failed.', error);
    return PAYMENT_NOT_COMPLETED;
  }
}
