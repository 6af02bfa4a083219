import { RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DialogIconBadge } from '../../components/ui/dialog';
import { InlineAlert } from '../../components/ui/inline-alert';

/** Asks before a new code replaces the current one: everything printed from the old one stops working. */
export function ReplaceCodeDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  refusal,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  /** Why the last try did not go through. */
  refusal?: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      // Wide enough on desktop for both labels on one line each.
      className="sm:max-w-lg"
      icon={<DialogIconBadge icon={RefreshCw} />}
      title="Replace your QR code?"
      description="You get a new code with the same details. Your current code stops working at once, and so does every printed copy: keychains, wallet cards, stickers and lock-screen images. Print or save the new one afterwards."
      cancelLabel="Keep my code"
      confirmLabel="Replace code"
      pendingLabel="Replacing…"
      confirmIcon={RefreshCw}
      pending={pending}
      onConfirm={onConfirm}
    >
      <p className="mb-5 text-base leading-relaxed text-slate-600 dark:text-slate-300">
        Only changing your details? Edit the form and save: your code stays the same.
      </p>
      {refusal ? (
        <InlineAlert tone="error" className="mb-5">
          {refusal}
        </InlineAlert>
      ) : null}
    </ConfirmDialog>
  );
}
