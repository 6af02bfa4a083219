import type { StripeKeyResponse } from '@medical-qr/contracts';
import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';
import type { CardPaymentFormProps } from './payment-form-props';
import { StandInCardForm } from './stand-in-card-form';

// Stripe.js and its React bindings load only when a real key asks for them.
const StripeElementsForm = lazy(() => import('./stripe-elements-form'));

/**
 * The card form the configuration calls for (GET /api/config/stripe-key): with the local stand-in (`apiUrl`), our
 * own card fields; with a real publishable key, Stripe's Payment Element.
 */
export function CardPaymentForm({ stripeKey, ...props }: CardPaymentFormProps & { stripeKey: StripeKeyResponse }) {
  if (stripeKey.apiUrl) {
    return <StandInCardForm account={{ apiUrl: stripeKey.apiUrl, publishableKey: stripeKey.key }} {...props} />;
  }
  return (
    <Suspense fallback={<PaymentFormLoading />}>
      <StripeElementsForm publishableKey={stripeKey.key} {...props} />
    </Suspense>
  );
}

export function PaymentFormLoading({ label = 'Loading the secure card form…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-base text-slate-600 dark:text-slate-300">
      <Spinner />
      {label}
    </p>
  );
}
