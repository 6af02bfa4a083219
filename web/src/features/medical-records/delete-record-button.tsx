import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/notifications';
import { useAppDispatch } from '../../lib/hooks';
import { DeleteRecordDialog } from './delete-record-dialog';
import { deletionKeyOf, useDeleteMedicalRecordMutation } from './records-api';

/** Delete QR Code, asking first; says whether it worked (SPEC section 8: "Delete Failed - ..."). */
export function DeleteRecordButton({ recordId, className }: { recordId: string; className?: string }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [deleteRecord, { isLoading }] = useDeleteMedicalRecordMutation({ fixedCacheKey: deletionKeyOf(recordId) });

  const confirm = async () => {
    try {
      await deleteRecord(recordId).unwrap();
      dispatch(
        notify({ type: 'success', title: 'QR code deleted', description: 'It no longer opens your emergency card.' }),
      );
    } catch {
      dispatch(
        notify({
          type: 'error',
          title: 'Delete Failed',
          description: 'Failed to delete medical record. Please try again.',
        }),
      );
    } finally {
      setOpen(false);
    }
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)} className={className}>
        <Trash2 className="size-5" aria-hidden="true" />
        Delete QR Code
      </Button>
      <DeleteRecordDialog open={open} onOpenChange={setOpen} onConfirm={confirm} pending={isLoading} />
    </>
  );
}
