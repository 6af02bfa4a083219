import { CircleCheck, CircleX, Clock, Crown, History, House, LifeBuoy, RotateCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionLink } from '../../components/ui/action-link';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { PremiumFeaturesList } from './premium-features-list';
import { usePaymentConfirmation, type PaymentResult, type PaymentReturn } from './use-payment-confirmation';
import { panel } from '../../components/ui/panel';

const TITLES: Record<PaymentResult['state'], string> = {
  checking: 'Confirming your payment',
  succeeded: 'Payment successful',
  processing: 'Payment processing',
  failed: 'Payment failed',
};

/**
 * Where the payment provider brings the browser back (SPEC section 2, "Payment success"): it confirms the payment,
 * then says "Payment Successful!", "Payment Processing" or "Payment Failed" with the provider's reason, lists what
 * premium unlocks, and offers the way home, the QR history and support.
 */
export function PaymentResultScreen(props: PaymentReturn) {
  const result = usePaymentConfirmation(props);
  useDocumentTitle(TITLES[result.state]);
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome replaces the waiting screen: its heading takes focus so it is heard.
  useEffect(() => {
    if (result.state !== 'checking') heading.current?.focus();
  }, [result.state]);

  if (result.state === 'checking') {
    return (
      <Frame>
        <span
          role="status"
          className="flex size-20 items-center justify-center rounded-3xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          <Spinner className="size-10" />
          <span className="sr-only">Confirming your payment…</span>
        </span>
        <h1 className={titleClass}>Confirming your payment…</h1>
        <p className={leadClass}>This takes a few seconds. Please keep this page open.</p>
      </Frame>
    );
  }

  if (result.state === 'failed') {
    return (
      <Frame>
        <Mark tone="failed" />
        <h1 ref={heading} tabIndex={-1} className={titleClass}>
          Payment Failed
        </h1>
        <p className={leadClass}>{result.reason}</p>
        <p className="mt-2 text-base text-slate-600 dark:text-slate-400">
          No payment was taken and your plan has not changed.
        </p>
        <Actions>
          <ActionLink to={paths.subscribe.getHref()} icon={RotateCw}>
            Try again
          </ActionLink>
          <SupportLink />
        </Actions>
      </Frame>
    );
  }

  const succeeded = result.state === 'succeeded';
  return (
    <Frame>
      <Mark tone={succeeded ? 'succeeded' : 'processing'} />
      <h1 ref={heading} tabIndex={-1} className={titleClass}>
        {succeeded ? 'Payment Successful!' : 'Payment Processing'}
      </h1>
      <p className={leadClass}>
        {succeeded
          ? 'Welcome to Premium. Your QR code never expires now, and everything below is yours.'
          : 'Your payment is still being confirmed. Premium switches on by itself as soon as it is; you can keep using Medical QR meanwhile.'}
      </p>
      <div className={panel('mt-8 w-full text-left')}>
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <Crown className="size-5 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          {succeeded ? 'Unlocked for you' : 'What Premium unlocks'}
        </h2>
        <PremiumFeaturesList columns={2} className="mt-4" />
      </div>
      <Actions>
        <ActionLink to={paths.home.getHref()} icon={House}>
          Continue to Home
        </ActionLink>
        <ActionLink to={paths.history.getHref()} icon={History} variant="secondary">
          View QR History
        </ActionLink>
      </Actions>
      <p className="mt-6 text-base text-slate-600 dark:text-slate-400">
        Questions about your payment?{' '}
        <Link
          to={paths.contactUs.getHref()}
          className="font-semibold text-slate-900 underline underline-offset-2 dark:text-slate-100"
        >
          Contact support
        </Link>
      </p>
    </Frame>
  );
}

const titleClass =
  'mt-6 text-3xl font-extrabold tracking-tight text-balance text-slate-900 outline-none sm:text-4xl dark:text-white';
const leadClass = 'mt-3 max-w-xl text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300';

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-5 py-10 text-center sm:px-6 sm:py-16">
      {children}
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div>;
}

function SupportLink() {
  return (
    <ActionLink to={paths.contactUs.getHref()} icon={LifeBuoy} variant="secondary">
      Contact support
    </ActionLink>
  );
}

const MARKS = {
  succeeded: {
    icon: CircleCheck,
    className:
      'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-900/60',
  },
  processing: {
    icon: Clock,
    className:
      'bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900/60',
  },
  failed: {
    icon: CircleX,
    className: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900/60',
  },
} as const;

function Mark({ tone }: { tone: keyof typeof MARKS }) {
  const { icon: Icon, className } = MARKS[tone];
  return (
    <span className={`flex size-20 items-center justify-center rounded-3xl ring-1 ${className}`}>
      <Icon className="size-10" aria-hidden="true" />
    </span>
  );
}
