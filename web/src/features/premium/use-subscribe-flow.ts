import { BillingMessages, LiveMessageTypes } from '@medical-qr/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveMessage } from '../../lib/live-messages';
import { useActivatePremiumMutation, useCreateSubscriptionMutation, useLazyGetPremiumStatusQuery } from './premium-api';

export type SubscribeStep =
  | { name: 'starting' }
  | { name: 'paying'; clientSecret: string }
  | { name: 'failed'; message: string }
  | { name: 'welcome' };

/** A subscription in one of these is paid for: nothing left to confirm. */
const PAID_STATUSES = ['active', 'trialing'];

/**
 * The subscribe flow (SPEC section 4, "Subscribe flow"): loading → payment form → success. It starts the
 * subscription once; the server may say nothing is due (success at once), give no client secret ("Failed to
 * initialize payment") or fail ("Failed to create subscription"). After the card is confirmed the server is asked to
 * check the payment with the provider (a failure there is only logged: the provider's webhook switches premium on
 * anyway) before the welcome. A `subscription_updated` push that finds the user premium is a success too.
 */
export function useSubscribeFlow() {
  const [createSubscription] = useCreateSubscriptionMutation();
  const [activatePremium] = useActivatePremiumMutation();
  const [readPremiumStatus] = useLazyGetPremiumStatusQuery();
  const [step, setStep] = useState<SubscribeStep>({ name: 'starting' });

  const paid = useCallback(async () => {
    try {
      await activatePremium().unwrap();
    } catch (error) {
      console.warn('Premium activation failed after the payment; the provider will confirm it.', error);
    }
    setStep({ name: 'welcome' });
  }, [activatePremium]);

  const start = useCallback(async () => {
    setStep({ name: 'starting' });
    try {
      const reply = await createSubscription().unwrap();
      if (!reply.requiresPayment || PAID_STATUSES.includes(reply.status)) {
        await paid();
      } else if (!reply.clientSecret) {
        setStep({ name: 'failed', message: BillingMessages.initializeFailed });
      } else {
        setStep({ name: 'paying', clientSecret: reply.clientSecret });
      }
    } catch (error) {
      console.warn('Starting the subscription failed.', error);
      setStep({ name: 'failed', message: BillingMessages.createFailed });
    }
  }, [createSubscription, paid]);

  // Once per visit (a remount in development keeps the ref; the server's idempotency covers the rest).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);
  useLiveMessage(LiveMessageTypes.subscriptionUpdated, () => {
    if (stepRef.current.name !== 'paying') return;
    void readPremiumStatus(undefined, false)
      .unwrap()
      .then((status) => {
        if (status.isPremium && stepRef.current.name === 'paying') setStep({ name: 'welcome' });
      })
      .catch(() => undefined);
  });

  return { step, paid, retry: start };
}
