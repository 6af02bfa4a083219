import { BillingMessages } from '@medical-qr/contracts';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripePaymentElementOptions } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Form, FORM_ERROR, FormAlert, SubmitButton, useAppForm, type FormFailure } from '../ui/form';
import { Spinner } from '../ui/spinner';
import type { CardPaymentFormProps } from './payment-form-props';
import { outcomeOf, PAYMENT_NOT_COMPLETED } from './stand-in-payments';
import { stripeFor } from './stripe-js';

/** SPEC section 7: default billing country US, wallets off. */
const PAYMENT_ELEMENT_OPTIONS: StripePaymentElementOptions = {
  wallets: { applePay: 'never', googlePay: 'never' },
  defaultValues: { billingDetails: { address: { country: 'US' } } },
};

/** Stripe's Elements draws its own fields: the form itself has none to check. */
const noFields = z.object({});

/**
 * The card form with a real publishable key: Stripe's Payment Element, confirmed with `stripe.confirmPayment`
 * (redirecting only when the bank asks for it). Loaded on demand, with Stripe.js, by the payment form.
 */
export default function StripeElementsForm({
  publishableKey,
  ...props
}: CardPaymentFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const dark = document.documentElement.classList.contains('dark');
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: dark ? 'night' : 'stripe', variables: { borderRadius: '12px', fontSizeBase: '16px' } },
      }}
    >
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm({ returnUrl, submitLabel, onPaid }: CardPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const form = useAppForm(noFields, {});

  const pay = async (): Promise<FormFailure | void> => {
    if (!stripe || !elements) {
      return { errors: { [FORM_ERROR]: 'The payment form is still loading. Please try again in a moment.' } };
    }
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    // The Payment Element shows its own field messages.
    if (error?.type === 'validation_error') return;
    if (error) {
      return { title: BillingMessages.paymentFailed, errors: { [FORM_ERROR]: error.message || PAYMENT_NOT_COMPLETED } };
    }
    const outcome = outcomeOf(paymentIntent);
    if (outcome.kind === 'succeeded') return onPaid();
    if (outcome.kind === 'failed')
      return { title: BillingMessages.paymentFailed, errors: { [FORM_ERROR]: outcome.message } };
  };

  return (
    <Form form={form} onSubmit={pay} className="flex flex-col gap-4">
      <FormAlert />
      {ready ? null : (
        <p role="status" className="flex items-center gap-3 py-6 text-base text-slate-600 dark:text-slate-300">
          <Spinner />
          Loading the secure card form…
        </p>
      )}
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} onReady={() => setReady(true)} />
      <SubmitButton pendingLabel="Processing payment…" className="mt-1 w-full whitespace-nowrap">
        <Lock className="size-5" aria-hidden="true" />
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
