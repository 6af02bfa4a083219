import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this QR code?"
      description="Anyone who scans it will no longer see your medical information, including codes you printed or saved. This cannot be undone."
      confirmLabel="Delete QR Code"
      pendingLabel="Deleting…"
      confirmIcon={Trash2}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
