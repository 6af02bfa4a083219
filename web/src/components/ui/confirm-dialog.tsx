import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionButton } from './action-button';
import { ModalDialog, type ModalDialogProps } from './dialog';

export interface ConfirmDialogProps extends Pick<
  ModalDialogProps,
  'open' | 'onOpenChange' | 'title' | 'description' | 'icon' | 'className' | 'onCloseAutoFocus'
> {
  /** The way out ("Keep my code"); "Cancel" by default. */
  cancelLabel?: string;
  /** The action, named as on the button that asks ("Delete QR Code"). */
  confirmLabel: string;
  /** What the action button says while it runs ("Deleting…"). */
  pendingLabel: string;
  /** The action button's icon. */
  confirmIcon: LucideIcon;
  /** The action is running: both buttons are disabled and the dialog cannot be closed. */
  pending?: boolean;
  onConfirm: () => void;
  /** More to say above the buttons: a note, or why the last try did not go through. */
  children?: ReactNode;
}

/**
 * Asks before an action: the title and what it changes, then the way out (below on phones, left on wider screens) and
 * the action, which shows a spinner and its pending label while it runs. Focus returns as for any {@link ModalDialog}.
 */
export function ConfirmDialog({
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  confirmIcon,
  pending = false,
  onConfirm,
  children,
  ...dialog
}: ConfirmDialogProps) {
  return (
    <ModalDialog {...dialog} preventClose={pending}>
      {children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ActionButton variant="secondary" onClick={() => dialog.onOpenChange(false)} disabled={pending}>
          {cancelLabel}
        </ActionButton>
        <ActionButton onClick={onConfirm} icon={confirmIcon} pending={pending} pendingText={pendingLabel}>
          {confirmLabel}
        </ActionButton>
      </div>
    </ModalDialog>
  );
}
