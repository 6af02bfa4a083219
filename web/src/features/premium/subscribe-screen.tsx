import { Crown, House, RotateCw, Settings } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CardPaymentForm,
  PaymentDetailsPanel,
  PaymentFormLoading,
  useGetStripeKeyQuery,
} from '../../components/payment';
import { ActionLink } from '../../components/ui/action-link';
import { Button } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { PageMessage } from '../../components/ui/page-message';
import { QueryState } from '../../components/ui/query-state';
import { isApiError } from '../../lib/base-query';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { PREMIUM_PERIOD, PREMIUM_PRICE_AMOUNT, REFUND_PROMISE } from '../../lib/plans';
import { PremiumFeaturesList } from './premium-features-list';
import { useSubscribeFlow, type SubscribeStep } from './use-subscribe-flow';
import { panel } from '../../components/ui/panel';

/** Where the provider sends the browser back after a bank's confirmation page. */
export function premiumReturnUrl(): string {
  return `${window.location.origin}${paths.premiumSuccess.getHref()}`;
}

/**
 * The subscribe page for a signed-in user (SPEC section 2, "Subscribe"): premium's benefits and price, the card form
 * and the terms, then "Welcome to Premium!". Someone already premium when they arrive is told so instead.
 */
export function SubscribeScreen({ isPremium }: { isPremium: boolean }) {
  // Decided on arrival: becoming premium here leads to the welcome, not to "already premium".
  const [premiumOnArrival] = useState(isPremium);
  return premiumOnArrival ? <AlreadyPremium /> : <SubscribeFlow />;
}

function SubscribeFlow() {
  const { step, paid, retry } = useSubscribeFlow();
  useDocumentTitle(step.name === 'welcome' ? 'Welcome to Premium' : 'Go Premium');
  if (step.name === 'welcome') return <WelcomeToPremium />;
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      {/* On a phone the card form comes right after the price, the benefits below it; side by side from lg. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_28rem] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-14 lg:gap-y-0">
        <PremiumPitch />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PaymentPanel step={step} onPaid={paid} onRetry={retry} />
        </div>
        <PremiumBenefits />
      </div>
    </div>
  );
}

function PremiumPitch() {
  return (
    <section aria-labelledby="subscribe-title">
      <p className="flex items-center gap-2 text-sm font-bold tracking-[0.12em] text-amber-800 uppercase dark:text-amber-300">
        <Crown className="size-4" aria-hidden="true" />
        Medical QR Premium
      </p>
      <h1
        id="subscribe-title"
        className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        Go Premium
      </h1>
      <p className="mt-2 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
        Keep your emergency card live for good, and give responders everyone they should call.
      </p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900 dark:text-white">
          {PREMIUM_PRICE_AMOUNT}
        </span>{' '}
        <span className="text-lg font-semibold text-slate-700 dark:text-slate-300">{PREMIUM_PERIOD}</span>
      </p>
      <p className="mt-1 text-[15px] text-slate-600 dark:text-slate-400">
        Cancel any time in My Account. {REFUND_PROMISE}.
      </p>
    </section>
  );
}

function PremiumBenefits() {
  return (
    <section aria-labelledby="premium-benefits-title" className="lg:mt-8">
      <h2 id="premium-benefits-title" className="text-lg font-bold text-slate-900 dark:text-white">
        Everything in Premium
      </h2>
      <PremiumFeaturesList columns={2} className="mt-4" />
    </section>
  );
}

function PaymentPanel({
  step,
  onPaid,
  onRetry,
}: {
  step: Exclude<SubscribeStep, { name: 'welcome' }>;
  onPaid: () => Promise<void>;
  onRetry: () => void;
}) {
  const stripeKey = useGetStripeKeyQuery();

  let body: ReactNode;
  if (step.name === 'starting') {
    body = <PaymentFormLoading label="Preparing secure payment…" />;
  } else if (step.name === 'failed') {
    body = (
      <InlineAlert tone="error" action={<RetryButton onClick={onRetry} />}>
        {step.message}
      </InlineAlert>
    );
  } else {
    const { clientSecret } = step;
    body = (
      <QueryState
        query={stripeKey}
        loading={<PaymentFormLoading />}
        error={
          <InlineAlert tone="error" action={<RetryButton onClick={() => void stripeKey.refetch()} />}>
            {isApiError(stripeKey.error)
              ? stripeKey.error.message
              : 'The card form could not be loaded. Please try again.'}
          </InlineAlert>
        }
      >
        {(key) => (
          <CardPaymentForm
            stripeKey={key}
            clientSecret={clientSecret}
            returnUrl={premiumReturnUrl()}
            submitLabel={`Subscribe for ${PREMIUM_PRICE_AMOUNT}`}
            onPaid={onPaid}
          />
        )}
      </QueryState>
    );
  }

  return (
    <PaymentDetailsPanel
      footer={
        <p>
          You pay {PREMIUM_PRICE_AMOUNT} today and every month until you cancel. By subscribing you agree to the{' '}
          <Link
            to={paths.terms.getHref()}
            className="font-semibold text-slate-900 underline underline-offset-2 dark:text-slate-100"
          >
            Terms of Service
          </Link>
          .
        </p>
      }
    >
      {body}
    </PaymentDetailsPanel>
  );
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <RotateCw className="size-5" aria-hidden="true" />
      Try again
    </Button>
  );
}

/** A page that changed entirely: its heading takes focus, from the top, so the change is heard and seen. */
function useFocusOnArrival() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  return heading;
}

function WelcomeToPremium() {
  const heading = useFocusOnArrival();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-5 py-10 text-center sm:px-6 sm:py-16">
      <CrownMark />
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 outline-none sm:text-4xl dark:text-white"
      >
        Welcome to Premium!
      </h1>
      <p className="mt-3 max-w-xl text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">
        Your QR code no longer expires, and you can list up to 10 emergency contacts. Thank you for supporting Medical
        QR.
      </p>
      <div className={panel('mt-8 w-full text-left')}>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">Unlocked for you</h2>
        <PremiumFeaturesList columns={2} className="mt-4" />
      </div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ActionLink to={paths.home.getHref()} icon={House}>
          Continue to Home
        </ActionLink>
        <ActionLink to={paths.myAccount.getHref()} icon={Settings} variant="secondary">
          Manage subscription
        </ActionLink>
      </div>
    </section>
  );
}

function AlreadyPremium() {
  useDocumentTitle('Go Premium');
  return (
    <PageMessage
      icon={Crown}
      tone="premium"
      title="You're already Premium"
      message="Your code never expires and every premium feature is yours. Your subscription's dates and options are in My Account."
    >
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ActionLink to={paths.myAccount.getHref()} icon={Settings}>
          Go to My Account
        </ActionLink>
        <ActionLink to={paths.home.getHref()} icon={House} variant="secondary">
          Continue to Home
        </ActionLink>
      </div>
    </PageMessage>
  );
}

export function CrownMark() {
  return (
    <span className="flex size-20 items-center justify-center rounded-3xl bg-amber-100 text-amber-700 ring-1 ring-amber-200 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-500/30">
      <Crown className="size-10" aria-hidden="true" />
    </span>
  );
}
