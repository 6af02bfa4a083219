import { useCallback } from 'react';
import { notify } from '../../components/ui/notifications';
import { useAppDispatch } from '../../lib/hooks';
import { shareLink } from '../../lib/share';

/**
 * Shares a card link with the device's share sheet, or copies it where there is none (SPEC section 2: "Share (native
 * share or copy link)"), and says how that went; closing the share sheet says nothing.
 */
export function useShareCardLink() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (cardUrl: string) => {
      const outcome = await shareLink({
        title: 'My emergency medical card',
        text: 'Open this link to see my emergency medical information.',
        url: cardUrl,
      });
      if (outcome === 'copied') {
        dispatch(
          notify({
            type: 'success',
            title: 'Link copied',
            description: 'Your emergency card link is on your clipboard.',
          }),
        );
      } else if (outcome === 'share-failed') {
        dispatch(
          notify({
            type: 'error',
            title: 'Share Failed',
            description: 'Your card link could not be shared. Please try again.',
          }),
        );
      } else if (outcome === 'copy-failed') {
        dispatch(notify({ type: 'error', title: 'Copy Failed', description: 'Failed to copy link to clipboard.' }));
      }
    },
    [dispatch],
  );
}
