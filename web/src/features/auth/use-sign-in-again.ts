import { useCallback, useEffect, useRef } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { selectAuthDialog } from './auth-slice';
import { useLoginDialog } from './use-login-dialog';

export const SESSION_ENDED_NOTICE =
  'Your session ended, so your changes are not saved yet. Sign in again and they will be saved; nothing you typed is lost.';

/**
 * What a save does when its session has ended (a 401: signed out in another tab, or expired). The page and the form
 * stay as they are; the login dialog opens over them; the returned promise settles when it closes, and the caller
 * tries its save once more (signed in again, it goes through; dismissed, it is refused again and says so).
 */
export function useSignInAgain(): (email?: string) => Promise<void> {
  const { open } = useLoginDialog();
  const dialog = useAppSelector(selectAuthDialog);
  const waiting = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (dialog !== null || !waiting.current) return;
    const closed = waiting.current;
    waiting.current = null;
    closed();
  }, [dialog]);

  // A page left while the dialog is open does not leave its save waiting for ever.
  useEffect(() => () => waiting.current?.(), []);

  return useCallback(
    (email?: string) =>
      new Promise<void>((resolve) => {
        waiting.current = resolve;
        open({ notice: { tone: 'info', text: SESSION_ENDED_NOTICE }, email });
      }),
    [open],
  );
}
