import { useCallback } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { notify } from './notifications-slice';

/** Copies a link to the clipboard and says so, or says it failed (SPEC section 8: "Copy Failed - ..."). */
export function useCopyLink() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (url: string, description = 'Your emergency card link is on your clipboard.') => {
      try {
        await navigator.clipboard.writeText(url);
        dispatch(notify({ type: 'success', title: 'Link copied', description }));
      } catch {
        dispatch(notify({ type: 'error', title: 'Copy Failed', description: 'Failed to copy link to clipboard.' }));
      }
    },
    [dispatch],
  );
}
