import {
  DELETION_STATUS_LABELS,
  PrivacyMessages,
  type DeletionStatus,
  type PrivacyStatus,
} from '@medical-qr/contracts';
import { CircleX, UserRound } from 'lucide-react';
import { useRef, type RefObject } from 'react';
import { ActionButton } from '../../components/ui/action-button';
import { Fact } from '../../components/ui/fact';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { useCancelDeletionMutation } from './privacy-api';
import { PrivacyCard } from './privacy-card';
import { usePrivacyAction } from './use-privacy-action';

const BADGE_TONES: Record<DeletionStatus, string> = {
  none: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  requested: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  cancelled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/**
 * The account's deletion status (SPEC sections 2 and 4): Active, Deletion Pending or Deletion Cancelled, with the
 * request's dates and reason, and Cancel Deletion Request while one is pending. Cancelling is not destructive, so it
 * asks no confirmation.
 */
export function DeletionStatusCard({
  status,
  headingRef,
}: {
  status: PrivacyStatus;
  /** The card's heading: where focus goes once the status changes (here, or by another card). */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const perform = usePrivacyAction();
  const [cancelDeletion, cancelling] = useCancelDeletionMutation();
  const cancelButton = useRef<HTMLButtonElement>(null);

  const cancel = async () => {
    const outcome = await perform(
      () => cancelDeletion().unwrap(),
      {
        failed: PrivacyMessages.cancelFailed,
        succeeded: () => ({ title: 'Deletion request cancelled', description: 'Your account and your data stay.' }),
      },
      // The button waits for the retry (disabled) once the person confirmed it's them: the heading meanwhile.
      { returnFocus: (verified) => (verified ? headingRef.current : cancelButton.current) },
    );
    if (outcome === 'done') headingRef.current?.focus();
    // Back to the button once it is enabled again (it was disabled while the request ran).
    if (outcome === 'failed') window.setTimeout(() => (cancelButton.current ?? headingRef.current)?.focus(), 0);
  };

  return (
    <PrivacyCard title="Account status" icon={UserRound} headingRef={headingRef}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label="Status">
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold',
              BADGE_TONES[status.status],
            )}
          >
            {DELETION_STATUS_LABELS[status.status]}
          </span>
        </Fact>
        {status.status !== 'none' && status.requestedAt ? (
          <Fact label="Requested on">{formatDate(status.requestedAt)}</Fact>
        ) : null}
        {status.status === 'requested' && status.scheduledAt ? (
          <Fact label="Scheduled for">{formatDate(status.scheduledAt)}</Fact>
        ) : null}
        {status.status === 'cancelled' && status.cancelledAt ? (
          <Fact label="Cancelled on">{formatDate(status.cancelledAt)}</Fact>
        ) : null}
        {status.status !== 'none' ? (
          <Fact label="Reason" className="sm:col-span-2">
            <span className="[overflow-wrap:anywhere] whitespace-pre-line">{status.reason || 'None given'}</span>
          </Fact>
        ) : null}
      </dl>
      {status.status === 'requested' ? (
        <>
          <p className="mt-5 rounded-xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            {status.scheduledAt
              ? `Your account and all your data will be deleted on ${formatDate(status.scheduledAt)}.`
              : 'Your account and all your data are scheduled for deletion.'}{' '}
            Until then your account works as before, and you can cancel the request.
          </p>
          <ActionButton
            ref={cancelButton}
            variant="secondary"
            onClick={() => void cancel()}
            icon={CircleX}
            pending={cancelling.isLoading}
            pendingText="Cancelling…"
            className="mt-5"
          >
            Cancel Deletion Request
          </ActionButton>
        </>
      ) : null}
      {status.status === 'none' ? (
        <p className="mt-4 text-base text-slate-700 dark:text-slate-300">Nothing is scheduled for deletion.</p>
      ) : null}
    </PrivacyCard>
  );
}
