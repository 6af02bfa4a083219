import { useCallback } from 'react';
import { errorToastsCleared, notify } from '../../components/ui/notifications';
import { useAppDispatch } from '../../lib/hooks';

/** What a failed QR image download says. */
export const QR_DOWNLOAD_FAILED = 'The QR code image could not be saved. Please try again.';

/**
 * Runs a download the person asked for: a failure says so once, as a toast (`failure`), and a success clears the
 * error toasts an earlier try left.
 */
export function useDownload() {
  const dispatch = useAppDispatch();
  return useCallback(
    (save: () => unknown, failure: string): Promise<void> => {
      const saved = () => void dispatch(errorToastsCleared());
      const failed = () => void dispatch(notify({ type: 'error', title: 'Download Failed', description: failure }));
      // A save that fails at once says so at once; one that takes time, when it is done.
      try {
        const pending = save();
        if (pending instanceof Promise) return pending.then(saved, failed);
        saved();
      } catch {
        failed();
      }
      return Promise.resolve();
    },
    [dispatch],
  );
}
