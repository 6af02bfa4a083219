import { BillingMessages } from '@medical-qr/contracts';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useMemo, type InputHTMLAttributes } from 'react';
import { useController } from 'react-hook-form';
import {
  FieldWrapper,
  Form,
  FORM_ERROR,
  FormAlert,
  inputClasses,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../ui/form';
import { browserLocation } from '../../lib/browser';
import { cn } from '../../lib/cn';
import {
  cardDetailsFrom,
  cardFormSchema,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardFormValues,
} from './card-fields';
import { confirmCardPaymentWithStandIn, type StandInAccount } from './stand-in-payments';
import type { CardPaymentFormProps } from './payment-form-props';

/**
 * The card form used with the local Stripe stand-in: "Card number", "Expiry" and "CVC", formatted as typed, checked
 * with Stripe's own wording, then confirmed against the stand-in the way Stripe.js confirms against Stripe. A
 * refused payment shows "Payment Failed" with the provider's message in the form's alert (or under the field it
 * names); a card that needs the holder's confirmation sends the browser to the bank's page.
 */
export function StandInCardForm({
  account,
  clientSecret,
  returnUrl,
  submitLabel,
  onPaid,
}: CardPaymentFormProps & { account: StandInAccount }) {
  const schema = useMemo(() => cardFormSchema(), []);
  const form = useAppForm(schema, { cardNumber: '', expiry: '', cvc: '' });

  const pay = async (values: CardFormValues): Promise<FormFailure | void> => {
    const outcome = await confirmCardPaymentWithStandIn(account, {
      clientSecret,
      card: cardDetailsFrom(values),
      returnUrl,
    });
    if (outcome.kind === 'succeeded') return onPaid();
    if (outcome.kind === 'redirect') {
      browserLocation.assign(outcome.url);
      // The page is leaving: the button stays busy until it has.
      return new Promise<void>(() => undefined);
    }
    return { title: BillingMessages.paymentFailed, errors: { [outcome.field ?? FORM_ERROR]: outcome.message } };
  };

  return (
    <Form form={form} onSubmit={pay} className="flex flex-col gap-4">
      <FormAlert />
      <CardInput
        name="cardNumber"
        label="Card number"
        format={formatCardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        icon
      />
      <div className="grid grid-cols-2 gap-3">
        <CardInput name="expiry" label="Expiry" format={formatExpiry} autoComplete="cc-exp" placeholder="MM / YY" />
        <CardInput name="cvc" label="CVC" format={formatCvc} autoComplete="cc-csc" placeholder="123" />
      </div>
      <p className="flex items-start gap-2.5 rounded-xl bg-sky-50 px-3.5 py-3 text-sm leading-snug text-sky-950 dark:bg-sky-950/40 dark:text-sky-100">
        <FlaskConical className="mt-px size-4.5 shrink-0 text-sky-700 dark:text-sky-400" aria-hidden="true" />
        <span>
          Test payments: no card is charged. Use{' '}
          <span className="font-semibold whitespace-nowrap">4242 4242 4242 4242</span> with any future date and any CVC.
        </span>
      </p>
      <SubmitButton pendingLabel="Processing payment…" className="mt-1 w-full whitespace-nowrap">
        <Lock className="size-5" aria-hidden="true" />
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

type CardField = keyof CardFormValues;

function CardInput({
  name,
  label,
  format,
  icon = false,
  ...input
}: {
  name: CardField;
  label: string;
  format: (value: string) => string;
  /** A card mark at the field's end. */
  icon?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder'>) {
  const { field } = useController<CardFormValues, CardField>({ name });
  return (
    <FieldWrapper name={name} label={label}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            {...input}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(format(event.target.value))}
            type="text"
            inputMode="numeric"
            spellCheck={false}
            autoCorrect="off"
            className={cn(inputClasses, 'tabular-nums', icon && 'pr-12')}
          />
          {icon ? (
            <CreditCard
              className="pointer-events-none absolute top-1/2 right-3.5 size-6 -translate-y-1/2 text-slate-400 dark:text-slate-500"
              aria-hidden="true"
            />
          ) : null}
        </div>
      )}
    </FieldWrapper>
  );
}
