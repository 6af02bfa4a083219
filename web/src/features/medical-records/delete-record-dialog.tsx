import { Trash2 } from 'lucide-react';
import { ConfirmActions } from '../../components/ui/confirm-actions';
import { ModalDialog } from '../../components/ui/dialog';

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
      <ConfirmActions
        cancelLabel="Cancel"
        confirmLabel="Delete QR Code"
        pendingLabel="Deleting…"
        icon={Trash2}
        pending={pending}
        onCancel={() => onOpenChange(false)}
        onConfirm={onConfirm}
      />
    </ModalDialog>
  );
}
