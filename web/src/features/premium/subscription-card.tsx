import { BillingMessages, type SubscriptionDetails } from '@medical-qr/contracts';
import { CircleX, Crown, RotateCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ActionButton } from '../../components/ui/action-button';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { InlineAlert } from '../../components/ui/inline-alert';
import { QueryState } from '../../components/ui/query-state';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { useAppDispatch } from '../../lib/hooks';
import {
  useCancelSubscriptionMutation,
  useGetSubscriptionDetailsQuery,
  useResumeSubscriptionMutation,
} from './premium-api';

/** "$9.99 per month" from the subscription's own price. */
function priceOf({ priceCents, currency, interval }: SubscriptionDetails): string {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    priceCents / 100,
  );
  return `${amount} per ${interval}`;
}

/**
 * My Account's premium subscription card (SPEC section 2, "My Account"): start date, renewal date (or end date when
 * canceling), billing mode Recurring Monthly / Ending, status Active / Canceling, and Cancel (after a confirmation)
 * or Resume. Outcomes are toasts: the card itself shows the new state.
 */
export function SubscriptionCard() {
  const titleId = useId();
  const details = useGetSubscriptionDetailsQuery();

  const body = (
    <QueryState
      query={details}
      keepDataOnError
      loading={
        <p role="status" className="flex items-center gap-3 py-4 text-base text-slate-600 dark:text-slate-300">
          <Spinner />
          Loading your subscription…
        </p>
      }
      error={
        isApiError(details.error) && details.error.status === 404 ? (
          <p className="text-base text-slate-700 dark:text-slate-300">
            Your account has premium, without a subscription to manage here.
          </p>
        ) : (
          <InlineAlert
            tone="error"
            action={
              <Button
                variant="secondary"
                onClick={() => void details.refetch()}
                icon={<RotateCw className="size-5" aria-hidden="true" />}
                pending={details.isFetching}
              >
                Try again
              </Button>
            }
          >
            We couldn't load your subscription. Check your connection and try again.
          </InlineAlert>
        )
      }
    >
      {(subscription) => <SubscriptionFacts subscription={subscription} />}
    </QueryState>
  );

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-3xl border border-amber-300 bg-white p-5 shadow-sm ring-1 ring-amber-300 sm:p-7 dark:border-amber-500/60 dark:bg-slate-900 dark:ring-amber-500/60"
    >
      <h2 id={titleId} className="flex items-center gap-2.5 text-xl font-bold text-slate-900 dark:text-white">
        <Crown className="size-6 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        Premium subscription
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function SubscriptionFacts({ subscription }: { subscription: SubscriptionDetails }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [resume, resumeState] = useResumeSubscriptionMutation();
  const canceling = subscription.status === 'canceling';
  const periodEnd = formatDate(subscription.currentPeriodEnd);

  const confirmCancel = async () => {
    try {
      const { cancelAt } = await cancel().unwrap();
      setConfirming(false);
      dispatch(
        notify({
          type: 'success',
          title: 'Subscription canceled',
          description: `Premium stays active until ${formatDate(cancelAt)}.`,
        }),
      );
    } catch (error) {
      setConfirming(false);
      dispatch(notify({ type: 'error', title: BillingMessages.cancelFailed, description: reasonOf(error) }));
    }
  };

  const resumeSubscription = async () => {
    try {
      const resumed = await resume().unwrap();
      dispatch(
        notify({
          type: 'success',
          title: 'Subscription resumed',
          description: `Premium renews on ${formatDate(resumed.currentPeriodEnd)}.`,
        }),
      );
    } catch (error) {
      dispatch(notify({ type: 'error', title: BillingMessages.resumeFailed, description: reasonOf(error) }));
    }
  };

  return (
    <>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label="Status">
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold',
              canceling
                ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
                : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
            )}
          >
            {canceling ? 'Canceling' : 'Active'}
          </span>
        </Fact>
        <Fact label="Billing">{canceling ? 'Ending' : 'Recurring Monthly'}</Fact>
        <Fact label="Started">{formatDate(subscription.startedAt)}</Fact>
        <Fact label={canceling ? 'Ends on' : 'Renews on'}>{periodEnd}</Fact>
        <Fact label="Price">{priceOf(subscription)}</Fact>
      </dl>
      {canceling ? (
        <p className="mt-5 rounded-xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          Premium ends on {periodEnd}. Until then nothing changes; after that your codes expire like free ones, counted
          from that day. Resume to keep Premium.
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {canceling ? (
          <ActionButton
            onClick={() => void resumeSubscription()}
            icon={RotateCw}
            pending={resumeState.isLoading}
            pendingText="Resuming…"
          >
            Resume subscription
          </ActionButton>
        ) : (
          <ActionButton variant="secondary" onClick={() => setConfirming(true)} icon={CircleX}>
            Cancel subscription
          </ActionButton>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`Premium stays until ${periodEnd}: nothing changes before then. After that your QR codes expire like free ones, counted from that day.`}
        cancelLabel="Keep Premium"
        confirmLabel="Cancel subscription"
        pendingLabel="Canceling…"
        confirmIcon={CircleX}
        pending={cancelState.isLoading}
        onConfirm={() => void confirmCancel()}
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function reasonOf(error: unknown): string {
  return isApiError(error) ? error.message : 'Please try again in a moment.';
}
