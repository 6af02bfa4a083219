import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';

/** Asks before a code is deleted: the printed or saved code stops working at once. */
export function DeleteRecordDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      preventClose={pending}
      title="Delete this QR code?"
      description="Anyone who scans it will no longer see your medical information, including codes you printed or saved. This cannot be undone."
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          onClick={() => onOpenChange(false)}
          disabled={pending}
          className="w-full sm:w-auto"
        >
          Cancel
        </Button>
        <Button size="lg" onClick={onConfirm} disabled={pending} className="w-full sm:w-auto">
          {pending ? <Spinner /> : <Trash2 className="size-5" aria-hidden="true" />}
          {pending ? 'Deleting…' : 'Delete QR Code'}
        </Button>
      </div>
    </ModalDialog>
  );
}
