import * as Dialog from '@radix-ui/react-dialog';
import { X, type LucideIcon } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; omit only when the content explains itself. */
  description?: ReactNode;
  /** An icon or mark above the title. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  /** `wide` for content laid out in columns (the pricing plans); a narrow card by default. */
  size?: 'default' | 'wide';
  /** While true, Escape, outside clicks and the close button do nothing (e.g. a request is pending). */
  preventClose?: boolean;
  /** On open, focus the first text input instead of the first button (the close button). */
  focusFirstInput?: boolean;
  /** After closing; call `event.preventDefault()` to move focus somewhere other than the opener. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Who opened the dialogs on screen. A dialog opened from state (not a Radix trigger) has no
 * trigger for Radix to return focus to, and one dialog may open the next (sign-in, then forgot
 * password): focus goes back to what opened the first.
 */
let lastOpener: HTMLElement | null = null;

function rememberOpener(): void {
  const active = document.activeElement;
  const dialog = active instanceof HTMLElement ? active.closest('[role="dialog"]') : null;
  if (dialog) {
    // Opened from inside another dialog: back to that dialog's trigger (the menu button) if it has one, else to what
    // opened the first dialog.
    const trigger = [...document.querySelectorAll<HTMLElement>('[aria-controls]')].find(
      (element) => dialog.id !== '' && element.getAttribute('aria-controls') === dialog.id,
    );
    if (trigger) lastOpener = trigger;
    return;
  }
  // Opened by the page itself (a link with ?login=true): there is nothing to return to.
  lastOpener = active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Moves focus back to the opener, unless another dialog is open now or the opener has left the page. */
function returnFocus(event: Event): void {
  event.preventDefault();
  if (document.querySelector('[role="dialog"][data-state="open"]')) return;
  if (lastOpener?.isConnected) lastOpener.focus({ preventScroll: false });
}

/** A centred modal card (Radix Dialog): focus trapped, Escape and the X close it, scrolls on short screens. */
export function ModalDialog(props: ModalDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    icon,
    children,
    className,
    size = 'default',
    preventClose = false,
    focusFirstInput = false,
    onCloseAutoFocus,
  } = props;
  const contentRef = useRef<HTMLDivElement>(null);
  // Before Radix moves focus into the dialog (its effects run after layout effects).
  useLayoutEffect(() => {
    if (open) rememberOpener();
  }, [open]);
  const focusInput = (event: Event) => {
    if (!focusFirstInput) return;
    const input = contentRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not(:disabled)');
    if (!input) return;
    event.preventDefault();
    input.focus();
  };
  const guard = (event: Event) => {
    if (preventClose) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (preventClose && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay-fade fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          ref={contentRef}
          onOpenAutoFocus={focusInput}
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          className={cn(
            'dialog-pop fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2',
            size === 'wide' ? 'max-w-5xl' : 'max-w-md',
            'overflow-y-auto overscroll-contain rounded-3xl bg-white p-5 shadow-2xl outline-none sm:p-7',
            'dark:bg-slate-900 dark:ring-1 dark:ring-slate-800',
            className,
          )}
        >
          {/* Sticky, so a dialog taller than the screen (scrolled inside) keeps its close button in reach. */}
          <div className="sticky -top-3 z-10 -mt-2 -mr-2 flex h-0 justify-end sm:-top-4 sm:-mt-3 sm:-mr-3">
            <Dialog.Close
              aria-label="Close"
              disabled={preventClose}
              className={buttonClasses({
                variant: 'ghost',
                size: 'icon',
                className: 'bg-white/90 backdrop-blur-sm dark:bg-slate-900/90',
              })}
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {icon ? <div className="mb-3">{icon}</div> : null}
          <Dialog.Title className="pr-10 text-[1.375rem] leading-tight font-extrabold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-base leading-relaxed text-slate-600 dark:text-slate-300">
              {description}
            </Dialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An account dialog's icon, in its red badge above the title. */
export function DialogIconBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400">
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
