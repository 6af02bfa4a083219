import type { MedicalRecord } from '@medical-qr/contracts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FORM_ERROR } from '../../components/ui/form';
import { medicalFormOfRecord } from './medical-form-values';
import { ReplaceCodeDialog } from './replace-code-dialog';
import { useRecordCreation } from './use-record-creation';

/**
 * "Replace my code": a new token for the same details (a free user's new code retires the old one),
 * for a code that was lost or shared too widely. Asked first, since printed copies stop working.
 */
export function ReplaceCodeButton({
  record,
  onReplaced,
}: {
  record: MedicalRecord;
  /** Once the dialog has closed after a replacement: bring the (new) code into view. */
  onReplaced: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [replaced, setReplaced] = useState(false);
  const create = useRecordCreation({ replacesCode: true });

  const openDialog = () => {
    setRefusal(undefined);
    setReplaced(false);
    setOpen(true);
  };

  const confirm = async () => {
    setPending(true);
    const refused = await create(medicalFormOfRecord(record));
    setPending(false);
    const message = refused ? (refused[FORM_ERROR] ?? Object.values(refused)[0]) : undefined;
    // Signed out or an expired plan: the hook has said so and moves on; a refusal stays in the dialog.
    if (message) return setRefusal(message);
    setReplaced(refused === null);
    setOpen(false);
  };

  return (
    <>
      <Button variant="secondary" onClick={openDialog} className="mt-3 w-full">
        <RefreshCw className="size-5" aria-hidden="true" />
        Replace my code
      </Button>
      <ReplaceCodeDialog
        open={open}
        onOpenChange={setOpen}
        onConfirm={confirm}
        pending={pending}
        refusal={refusal}
        // After a replacement focus goes to the new code, not back to this button.
        onCloseAutoFocus={
          replaced
            ? (event) => {
                event.preventDefault();
                onReplaced();
              }
            : undefined
        }
      />
    </>
  );
}
