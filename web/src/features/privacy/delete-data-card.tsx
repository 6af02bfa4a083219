import { DELETION_GRACE_DAYS, PrivacyMessages, type PrivacyStatus } from '@medical-qr/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDate } from '../../lib/format-date';
import { useRequestDeletionMutation } from './privacy-api';
import { PrivacyCard } from './privacy-card';
import { ReasonForm } from './reason-form';
import { usePrivacyAction } from './use-privacy-action';
import { useReturnFocus } from './use-return-focus';

const DAY_MS = 24 * 60 * 60 * 1000;
/** SPEC section 4: an immediate deletion signs the person out after 2 s, time to read that it is under way. */
export const ERASED_SIGN_OUT_DELAY_MS = 2000;

/**
 * Delete all data (SPEC sections 2 and 4): an optional reason, then a confirmation that says the deletion is
 * scheduled {@link DELETION_GRACE_DAYS} days out and can be cancelled until then. The card is hidden while a
 * deletion is pending; its dialog stays mounted so the confirmation that scheduled it closes as any dialog does, and
 * focus goes to the status card, which now says Deletion Pending.
 */
export function DeleteDataCard({
  status,
  statusHeading,
  onErased,
}: {
  status: PrivacyStatus;
  statusHeading: RefObject<HTMLHeadingElement | null>;
  /** After an immediate deletion: the account is gone, the person is signed out (the route decides how). */
  onErased: () => void;
}) {
  const focus = useReturnFocus(statusHeading);
  const perform = usePrivacyAction();
  const [requestDeletion, requesting] = useRequestDeletionMutation();
  const [asking, setAsking] = useState(false);
  // The reason given and the day the deletion would run, from when the person asked (kept while the dialog closes).
  const [request, setRequest] = useState({ reason: '', on: '', immediate: false });
  const [now, setNow] = useState(false);

  const confirm = async ({ reason, immediate }: { reason: string; immediate: boolean }) => {
    const outcome = await perform(() => requestDeletion({ reason, immediate }).unwrap(), {
      failed: PrivacyMessages.deleteFailed,
      succeeded: (next) =>
        immediate
          ? { title: 'Your data is being deleted', description: 'You will be signed out in a moment.' }
          : {
              title: 'Deletion scheduled',
              description: `Your data will be deleted on ${formatDate(next.scheduledAt ?? '')}. You can cancel until then.`,
            },
    });
    // The person closed the re-authentication: the confirmation stays, to try again or step back.
    if (outcome === 'cancelled') return;
    if (outcome === 'done') focus.markChanged();
    setAsking(false);
    if (outcome === 'done' && immediate) setTimeout(onErased, ERASED_SIGN_OUT_DELAY_MS);
  };

  return (
    <>
      {status.status === 'requested' ? null : (
        <PrivacyCard title="Delete all your data" icon={Trash2}>
          <p className="text-base leading-relaxed text-slate-700 dark:text-slate-300">
            We delete your account and everything in it {DELETION_GRACE_DAYS} days after you ask: your records,
            emergency contacts, scan log and cart. Your QR codes and printed tags stop working. Until then you can
            cancel the request here.
          </p>
          <label className="mt-5 flex items-start gap-3 text-base text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={now}
              onChange={(event) => setNow(event.target.checked)}
              className="mt-1 size-5 shrink-0 accent-red-600"
            />
            <span>
              Delete everything now instead, and sign me out.{' '}
              <span className="text-slate-600 dark:text-slate-400">This cannot be cancelled or undone.</span>
            </span>
          </label>
          <div className="mt-5">
            <ReasonForm
              label="Why are you deleting your data?"
              submitLabel={now ? 'Delete all my data now' : 'Delete all my data'}
              icon={Trash2}
              buttonRef={focus.opener}
              onSubmit={(reason) => {
                setRequest({
                  reason,
                  on: new Date(Date.now() + DELETION_GRACE_DAYS * DAY_MS).toISOString(),
                  immediate: now,
                });
                setAsking(true);
              }}
            />
          </div>
        </PrivacyCard>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        title={request.immediate ? 'Delete all your data now?' : 'Delete all your data?'}
        description={
          request.immediate
            ? `Your account, records, emergency contacts, scan log and cart are deleted now, your QR codes and printed tags stop working, and you are signed out. ${PrivacyMessages.subscriptionCancelled} ${PrivacyMessages.ordersKept} This cannot be undone.`
            : `Your account and all your data will be deleted on ${formatDate(request.on)}, ${DELETION_GRACE_DAYS} days from now. Until then you can cancel the request on this page; after that it cannot be undone.`
        }
        cancelLabel="Keep my data"
        confirmLabel={request.immediate ? 'Delete now' : 'Schedule deletion'}
        pendingLabel={request.immediate ? 'Deleting…' : 'Scheduling…'}
        confirmIcon={Trash2}
        pending={requesting.isLoading}
        onConfirm={() => void confirm(request)}
      />
    </>
  );
}
