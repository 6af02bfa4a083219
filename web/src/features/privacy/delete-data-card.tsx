import { DELETION_GRACE_DAYS, PrivacyMessages, type PrivacyStatus } from '@medical-qr/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { ConfirmActions } from '../../components/ui/confirm-actions';
import { ModalDialog } from '../../components/ui/dialog';
import { formatDate } from '../../lib/format-date';
import { useRequestDeletionMutation } from './privacy-api';
import { PrivacyCard } from './privacy-card';
import { ReasonForm } from './reason-form';
import { usePrivacyAction } from './use-privacy-action';
import { useReturnFocus } from './use-return-focus';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Delete all data (SPEC sections 2 and 4): an optional reason, then a confirmation that says the deletion is
 * scheduled {@link DELETION_GRACE_DAYS} days out and can be cancelled until then. The card is hidden while a
 * deletion is pending; its dialog stays mounted so the confirmation that scheduled it closes as any dialog does, and
 * focus goes to the status card, which now says Deletion Pending.
 */
export function DeleteDataCard({
  status,
  statusHeading,
}: {
  status: PrivacyStatus;
  statusHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const focus = useReturnFocus(statusHeading);
  const perform = usePrivacyAction();
  const [requestDeletion, requesting] = useRequestDeletionMutation();
  const [asking, setAsking] = useState(false);
  // The reason given and the day the deletion would run, from when the person asked (kept while the dialog closes).
  const [request, setRequest] = useState({ reason: '', on: '' });

  const confirm = async (reason: string) => {
    const outcome = await perform(() => requestDeletion({ reason }).unwrap(), {
      failed: PrivacyMessages.deleteFailed,
      succeeded: (next) => ({
        title: 'Deletion scheduled',
        description: `Your data will be deleted on ${formatDate(next.scheduledAt ?? '')}. You can cancel until then.`,
      }),
    });
    // The person closed the re-authentication: the confirmation stays, to try again or step back.
    if (outcome === 'cancelled') return;
    if (outcome === 'done') focus.markChanged();
    setAsking(false);
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
          <div className="mt-5">
            <ReasonForm
              label="Why are you deleting your data?"
              submitLabel="Delete all my data"
              icon={Trash2}
              buttonRef={focus.opener}
              onSubmit={(reason) => {
                setRequest({ reason, on: new Date(Date.now() + DELETION_GRACE_DAYS * DAY_MS).toISOString() });
                setAsking(true);
              }}
            />
          </div>
        </PrivacyCard>
      )}
      <ModalDialog
        open={asking}
        onOpenChange={setAsking}
        preventClose={requesting.isLoading}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        title="Delete all your data?"
        description={`Your account and all your data will be deleted on ${formatDate(request.on)}, ${DELETION_GRACE_DAYS} days from now. Until then you can cancel the request on this page; after that it cannot be undone.`}
      >
        <ConfirmActions
          cancelLabel="Keep my data"
          confirmLabel="Schedule deletion"
          pendingLabel="Scheduling…"
          icon={Trash2}
          pending={requesting.isLoading}
          onCancel={() => setAsking(false)}
          onConfirm={() => void confirm(request.reason)}
        />
      </ModalDialog>
    </>
  );
}
