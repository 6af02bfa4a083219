import type { LucideIcon } from 'lucide-react';
import { Button } from './button';

/**
 * A confirmation dialog's two buttons: the way out (below on phones, left on wider screens) and the
 * action, which shows a spinner and its pending label while it runs; both are disabled meanwhile.
 */
export function ConfirmActions({
  cancelLabel,
  confirmLabel,
  pendingLabel,
  icon: Icon,
  pending,
  onCancel,
  onConfirm,
}: {
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  icon: LucideIcon;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button
        variant="secondary"
        size="lg"
        onClick={onCancel}
        disabled={pending}
        className="w-full whitespace-nowrap sm:w-auto"
      >
        {cancelLabel}
      </Button>
      <Button
        size="lg"
        onClick={onConfirm}
        icon={<Icon className="size-5" aria-hidden="true" />}
        pending={pending}
        pendingText={pendingLabel}
        className="w-full whitespace-nowrap sm:w-auto"
      >
        {confirmLabel}
      </Button>
    </div>
  );
}
