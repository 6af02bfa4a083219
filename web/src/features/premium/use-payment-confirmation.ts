import { useEffect, useRef, useState } from 'react';
import { PAYMENT_NOT_COMPLETED, paymentFailureReason, useLazyGetStripeKeyQuery } from '../../components/payment';
import { PAYMENT_POLL, pollUntil } from './poll';
import { useActivatePremiumMutation, useLazyGetPremiumStatusQuery } from './premium-api';

export type PaymentResult =
  | { state: 'checking' }
  | { state: 'succeeded' }
  /** Paid, but premium was not confirmed within the polling window: it switches on by itself later. */
  | { state: 'processing' }
  | { state: 'failed'; reason: string };

export interface PaymentReturn {
  /** The provider's `redirect_status`: `succeeded`, `failed`, or absent. */
  redirectStatus: string | null;
  /** The provider's `payment_intent_client_secret`, to read why a payment failed. */
  clientSecret: string | null;
}

/**
 * The payment success page's work (SPEC section 2, "Payment success"; section 4): a payment the bank refused shows
 * why; otherwise the server is asked once to check the payment with the provider, then premium status is polled
 * every second up to 30 times: premium → succeeded, still not → processing.
 */
export function usePaymentConfirmation({ redirectStatus, clientSecret }: PaymentReturn): PaymentResult {
  const [activatePremium] = useActivatePremiumMutation();
  const [readPremiumStatus] = useLazyGetPremiumStatusQuery();
  const [readStripeKey] = useLazyGetStripeKeyQuery();
  const [result, setResult] = useState<PaymentResult>({ state: 'checking' });

  // Mounted, as opposed to remounted by development's double effects: the work runs once and stops on leaving.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = (next: PaymentResult) => {
      if (mounted.current) setResult(next);
    };

    const run = async () => {
      if (redirectStatus === 'failed') {
        const reason = clientSecret
          ? await readStripeKey(undefined, true)
              .unwrap()
              .then((key) => paymentFailureReason(key, clientSecret))
              .catch(() => PAYMENT_NOT_COMPLETED)
          : PAYMENT_NOT_COMPLETED;
        finish({ state: 'failed', reason });
        return;
      }
      let premium = false;
      try {
        premium = (await activatePremium().unwrap()).isPremium;
      } catch (error) {
        console.warn('Premium activation failed; waiting for the provider to confirm the payment.', error);
      }
      if (!premium) {
        premium = await pollUntil(async () => (await readPremiumStatus(undefined, false).unwrap()).isPremium, {
          ...PAYMENT_POLL,
          isCancelled: () => !mounted.current,
        });
      }
      finish({ state: premium ? 'succeeded' : 'processing' });
    };
    void run();
  }, [redirectStatus, clientSecret, activatePremium, readPremiumStatus, readStripeKey]);

  return result;
}
