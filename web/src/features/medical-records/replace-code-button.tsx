import type { MedicalRecord } from '@medical-qr/contracts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { medicalFormOfRecord } from './medical-form-values';
import { ReplaceCodeDialog } from './replace-code-dialog';
import { useRecordCreation } from './use-record-creation';

/**
 * "Replace my code": a new token for the same details (a free user's new code retires the old one),
 * for a code that was lost or shared too widely. Asked first, since printed copies stop working.
 */
export function ReplaceCodeButton({ record, onReplaced }: { record: MedicalRecord; onReplaced: () => void }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const create = useRecordCreation({ replacesCode: true, onCreated: onReplaced });

  const confirm = async () => {
    setPending(true);
    // Failures are told in a toast by the creation hook; the dialog closes either way.
    await create(medicalFormOfRecord(record));
    setPending(false);
    setOpen(false);
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="mt-3 w-full">
        <RefreshCw className="size-5" aria-hidden="true" />
        Replace my code
      </Button>
      <ReplaceCodeDialog open={open} onOpenChange={setOpen} onConfirm={confirm} pending={pending} />
    </>
  );
}
