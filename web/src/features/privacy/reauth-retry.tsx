import { createContext, use, useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { needsReauthentication } from './privacy-errors';

/** What the screen hands the re-authentication dialog (the auth feature's, composed in by the route). */
export interface ReauthDialogSlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVerified: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** How an action ended: done, refused (any error but the re-authentication), or the person closed the re-authentication. */
export type ActionOutcome<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'cancelled' };

export interface RetryOptions {
  /**
   * Where focus goes once the re-authentication closes, told whether it was verified. A dialog still open underneath
   * (the action's confirmation) gets focus instead.
   */
  returnFocus?: (verified: boolean) => HTMLElement | null | undefined;
}

export type RunWithReauth = <T>(action: () => Promise<T>, options?: RetryOptions) => Promise<ActionOutcome<T>>;

const ReauthRetryContext = createContext<RunWithReauth | null>(null);

/**
 * Runs privacy actions: one that answers 403 REAUTH_REQUIRED opens the re-authentication dialog and, once the person
 * confirmed it's them, runs again by itself (once: a second refusal is a failure like any other). One dialog for
 * the whole screen.
 */
export function ReauthRetryProvider({
  dialog: Dialog,
  reauthenticatedUntil,
  children,
}: {
  dialog: ComponentType<ReauthDialogSlotProps>;
  /**
   * Until when the account's last re-authentication counts (the signed-in user's `reauthenticatedUntil`). Known to
   * be over, the dialog opens before the action is sent instead of after its refusal; the server still decides.
   */
  reauthenticatedUntil?: string | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((verified: boolean) => void) | null>(null);
  const verified = useRef(false);
  const returnFocus = useRef<RetryOptions['returnFocus']>(undefined);

  const settle = useCallback((result: boolean) => {
    const resolve = waiting.current;
    if (!resolve) return;
    waiting.current = null;
    verified.current = result;
    resolve(result);
  }, []);

  const run = useCallback<RunWithReauth>(
    async <T,>(action: () => Promise<T>, options: RetryOptions = {}): Promise<ActionOutcome<T>> => {
      const windowOpen = reauthenticatedUntil != null && Date.parse(reauthenticatedUntil) > Date.now() + 5_000;
      if (windowOpen) {
        try {
          return { kind: 'done', value: await action() };
        } catch (error) {
          if (!needsReauthentication(error)) return { kind: 'failed', error };
        }
      }
      // An earlier action still waiting (it cannot be, behind modal dialogs) gives way to this one.
      settle(false);
      const confirmed = await new Promise<boolean>((resolve) => {
        waiting.current = resolve;
        returnFocus.current = options.returnFocus;
        setOpen(true);
      });
      if (!confirmed) return { kind: 'cancelled' };
      try {
        return { kind: 'done', value: await action() };
      } catch (error) {
        return { kind: 'failed', error };
      }
    },
    [settle, reauthenticatedUntil],
  );

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const underneath = document.querySelector<HTMLElement>('[role="dialog"][data-state="open"]');
    (underneath ?? returnFocus.current?.(verified.current))?.focus();
  };

  return (
    <ReauthRetryContext value={run}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) settle(false);
        }}
        onVerified={() => settle(true)}
        onCloseAutoFocus={restoreFocus}
      />
    </ReauthRetryContext>
  );
}

/** The screen's way to run a privacy action with the re-authentication it may need. */
export function useRunWithReauth(): RunWithReauth {
  const run = use(ReauthRetryContext);
  if (!run) throw new Error('useRunWithReauth needs a ReauthRetryProvider above it');
  return run;
}
