import { MAX_CONTACTS_FREE, MAX_CONTACTS_PREMIUM, type MedicalRecord } from '@medical-qr/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { QR_LIFETIME } from '../../lib/plans';
import { CodesWorkspace } from './codes-workspace';
import { CREATE_QR_SECTION_ID } from './create-qr-section';
import { CurrentQrPanel } from './current-qr-panel';
import { EditConflictPanel } from './edit-conflict-panel';
import { KeptDraftNotice } from './kept-draft-notice';
import { ReplaceCodeButton } from './replace-code-button';
import { ExpiredQrCard } from './expired-qr-card';
import {
  emptyMedicalForm,
  formValuesOf,
  medicalFormFromRecord,
  type MedicalFormValues,
  type PersonDetails,
} from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';
import { useGetDashboardQuery } from './records-api';
import { useRecordCreation } from './use-record-creation';
import { useRecordUpdate } from './use-record-update';
import { unsavedRecordFor } from './unsaved-record';
import { useSessionRenewal } from '../../lib/session-renewal';

/**
 * Expired by time, as opposed to switched off because a newer code replaced it (which may still
 * be the newest record once the newer one is deleted).
 */
function hasExpired(record: MedicalRecord): boolean {
  return !record.isActive && record.expiresAt !== null && Date.parse(record.expiresAt) <= Date.now();
}

/**
 * The signed-in home page (SPEC section 2, "Home and login"): the expired-code card, or the
 * medical form prefilled from the newest record (else from the account) beside the active code.
 * `promo` (a house promo for non-premium users) goes below the form; the expired card makes its
 * own offer, so it has none. `hiddenFromResponders`: the person's consent is withdrawn, so the code opens nothing.
 */
export function MedicalRecordsDashboard({
  person,
  isPremium,
  promo,
  hiddenFromResponders = false,
}: {
  person: PersonDetails;
  isPremium: boolean;
  promo?: ReactNode;
  hiddenFromResponders?: boolean;
}) {
  const dashboard = useGetDashboardQuery();
  const [createAfterExpiry, setCreateAfterExpiry] = useState(false);

  return (
    <QueryState
      query={dashboard}
      // A refetch that fails keeps what is on screen (a form may hold unsaved changes); only a first load that fails
      // says so.
      keepDataOnError
      loading={
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-16 text-base text-slate-600 dark:text-slate-300"
        >
          <Spinner />
          Loading your medical ID…
        </p>
      }
      error={
        <InlineAlert
          tone="error"
          action={
            <Button variant="secondary" onClick={() => void dashboard.refetch()} pending={dashboard.isFetching}>
              Try again
            </Button>
          }
        >
          We couldn't load your medical ID. Check your connection and try again.
        </InlineAlert>
      }
    >
      {({ record, emergencyContacts }) => {
        if (record && hasExpired(record) && !(isPremium && createAfterExpiry)) {
          return (
            <div id={CREATE_QR_SECTION_ID} className="scroll-mt-24">
              <ExpiredQrCard
                expiredAt={record.expiresAt}
                onCreateNew={isPremium ? () => setCreateAfterExpiry(true) : undefined}
              />
            </div>
          );
        }

        // Premium's several codes: the workspace lists them and hands the editor the one chosen (or the one being added).
        return (
          <CodesWorkspace newest={record} isPremium={isPremium}>
            {(code) => (
              <RecordEditor
                record={code.record}
                active={code.active}
                initialValues={
                  code.initialValues ??
                  (record ? medicalFormFromRecord(record, emergencyContacts) : emptyMedicalForm(person))
                }
                isPremium={isPremium}
                promo={promo}
                hiddenFromResponders={hiddenFromResponders}
                codeName={code.name}
                newCodeLabel={code.newCodeLabel}
                onCodeCreated={code.onCreated}
              />
            )}
          </CodesWorkspace>
        );
      }}
    </QueryState>
  );
}

function RecordEditor({
  record,
  active,
  initialValues,
  isPremium,
  promo,
  hiddenFromResponders,
  codeName,
  newCodeLabel,
  onCodeCreated,
}: {
  record: MedicalRecord | null;
  active: MedicalRecord | null;
  initialValues: MedicalFormValues;
  isPremium: boolean;
  promo?: ReactNode;
  hiddenFromResponders: boolean;
  /** The code's name when there are several (premium). */
  codeName?: string;
  /** Premium's "Add another code": the form makes a new code with this name beside the others. */
  newCodeLabel?: string;
  onCodeCreated?: (record: MedicalRecord) => void;
}) {
  const qrHeadingRef = useRef<HTMLHeadingElement>(null);
  const revealNewCode = useRef(false);
  const onCreated = useCallback(
    (created: MedicalRecord) => {
      revealNewCode.current = true;
      onCodeCreated?.(created);
    },
    [onCodeCreated],
  );
  const addAnother = useMemo(() => (newCodeLabel === undefined ? undefined : { label: newCodeLabel }), [newCodeLabel]);
  const revealCode = useCallback(() => {
    qrHeadingRef.current?.scrollIntoView({ block: 'start' });
    qrHeadingRef.current?.focus({ preventScroll: true });
  }, []);
  const create = useRecordCreation({ replacesCode: false, onCreated, addAnother });
  // Saving edits the active code in place; only "Replace my code" issues a new one.
  const update = useRecordUpdate(active);
  // A form the person could not save before their session ended comes back, for them to check and save.
  const { user } = useSessionRenewal();
  const kept = user && newCodeLabel === undefined ? unsavedRecordFor(user.id, active?.id ?? null) : null;

  // The saved code arrives with the refreshed dashboard; show it (above the form on phones).
  useEffect(() => {
    if (!revealNewCode.current || !active) return;
    revealNewCode.current = false;
    revealCode();
  }, [active, revealCode]);

  const lifetime = isPremium ? 'Premium codes never expire.' : `Your code stays valid for ${QR_LIFETIME.signedIn}.`;
  const submitNote = active ? 'Your QR code stays the same; printed copies show the new details.' : lifetime;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <aside className="scroll-mt-24 lg:sticky lg:top-24 lg:order-2">
        <CurrentQrPanel
          record={active}
          title={codeName ? `“${codeName}” QR code` : undefined}
          headingRef={qrHeadingRef}
          hiddenFromResponders={hiddenFromResponders}
          emptyTitle={newCodeLabel === undefined ? undefined : 'Not created yet'}
          emptyNote={
            newCodeLabel === undefined
              ? `Fill in the form to create your QR code. ${lifetime}`
              : `Its QR code appears here once you create it. ${lifetime}`
          }
          // Premium codes never replace one another: a premium user deletes a code they no longer want.
          replaceAction={active && !isPremium ? <ReplaceCodeButton record={active} onReplaced={revealCode} /> : null}
        />
      </aside>
      <section
        id={CREATE_QR_SECTION_ID}
        aria-labelledby={`${CREATE_QR_SECTION_ID}-title`}
        className="scroll-mt-24 lg:order-1"
      >
        <h2 id={`${CREATE_QR_SECTION_ID}-title`} className="text-xl font-bold text-slate-900 dark:text-white">
          {newCodeLabel !== undefined
            ? `New code: ${newCodeLabel}`
            : codeName
              ? `Medical information for “${codeName}”`
              : record
                ? 'Your medical information'
                : 'Create your QR code'}
        </h2>
        <p className="mt-1 mb-4 text-[15px] text-slate-600 dark:text-slate-300">
          {newCodeLabel !== undefined
            ? 'Fill in what a responder should know about who this code is for. It gets a QR code of its own; your other codes stay as they are.'
            : record
              ? 'Keep it up to date: saving changes what your card shows, and your QR code stays the same.'
              : 'Fill in what a responder should know. It takes a few minutes.'}
        </p>
        <MedicalInfoForm
          // Another record (a first, a replaced, a chosen or a new code) starts a fresh form with its values.
          key={record?.id ?? (newCodeLabel === undefined ? 'none' : 'new-code')}
          initialValues={kept ? formValuesOf(kept) : initialValues}
          maxContacts={isPremium ? MAX_CONTACTS_PREMIUM : MAX_CONTACTS_FREE}
          submitLabel={active ? 'Save changes' : 'Create QR Code'}
          pendingLabel="Saving…"
          submitNote={submitNote}
          onSubmit={active ? update.save : create}
          notice={
            update.conflict ? (
              <EditConflictPanel
                conflict={update.conflict}
                onKeepMine={update.keepMine}
                onTakeSaved={update.takeSaved}
              />
            ) : kept ? (
              <KeptDraftNotice savedValues={initialValues} />
            ) : null
          }
        />
        {promo ? <div className="mt-10">{promo}</div> : null}
      </section>
    </div>
  );
}
