import { exportFileName, PrivacyMessages } from '@medical-qr/contracts';
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/notifications';
import { saveBlob } from '../../lib/download';
import { useAppDispatch } from '../../lib/hooks';
import { useExportDataMutation } from './privacy-api';
import { PrivacyCard } from './privacy-card';
import { failureDescription } from './privacy-errors';
import { useRunWithReauth } from './reauth-retry';
import { useReturnFocus } from './use-return-focus';

/**
 * Export (SPEC sections 2 and 7): everything held about the person as one JSON file, with an international patient
 * summary another health app can read, after a confirmation that says the file holds their medical data in clear.
 */
export function ExportDataCard() {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(heading);
  const run = useRunWithReauth();
  const dispatch = useAppDispatch();
  const [exportData, exporting] = useExportDataMutation();
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    const outcome = await run(() => exportData().unwrap());
    // The person closed the re-authentication: the confirmation stays, to try again or step back.
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'done') {
      saveBlob(outcome.value, exportFileName(new Date()));
      dispatch(
        notify({
          type: 'success',
          title: 'Data exported successfully',
          description: 'Your medical data has been downloaded to your device.',
        }),
      );
    } else {
      dispatch(
        notify({ type: 'error', title: PrivacyMessages.exportFailed, description: failureDescription(outcome.error) }),
      );
    }
    setAsking(false);
  };

  return (
    <PrivacyCard title="Export your data" icon={Download} headingRef={heading}>
      <p className="text-base leading-relaxed text-slate-700 dark:text-slate-300">
        Download everything we hold about you as one file: your account, records and emergency contacts, scan log,
        printed tags, health links and who opened them, family alerts, subscription, cart and orders, consent history
        and the log of your actions. It also holds a summary of your current record in the international format other
        health apps read (HL7 FHIR).
      </p>
      <button
        ref={focus.opener}
        type="button"
        className={buttonClasses({ className: 'mt-5 w-full whitespace-nowrap sm:w-auto' })}
        onClick={() => setAsking(true)}
      >
        <Download className="size-5" aria-hidden="true" />
        Export My Data
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        title="Download your data?"
        description="The file holds your medical information as plain text. Keep it somewhere only you can open, and delete it when you no longer need it."
        confirmLabel="Download"
        pendingLabel="Preparing…"
        confirmIcon={Download}
        pending={exporting.isLoading}
        onConfirm={() => void confirm()}
      />
    </PrivacyCard>
  );
}
