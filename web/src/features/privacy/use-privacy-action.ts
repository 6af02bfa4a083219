import type { PrivacyStatus } from '@medical-qr/contracts';
import { useCallback } from 'react';
import { notify } from '../../components/ui/notifications';
import { useAppDispatch } from '../../lib/hooks';
import { failureDescription } from './privacy-errors';
import { useRunWithReauth, type ActionOutcome, type RetryOptions } from './reauth-retry';

export interface PrivacyActionMessages {
  /** The toast's title when it fails (SPEC section 8, e.g. "Failed to revoke consent"). */
  failed: string;
  /** The toast when it worked, from the new status. */
  succeeded: (status: PrivacyStatus) => { title: string; description: string };
}

/**
 * One privacy change from start to end: sent (re-authenticating first when the server asks), then told once, as a
 * toast; the new status is already in the cache (privacy-api). Resolves to how it ended, for the caller's dialog
 * and focus.
 */
export function usePrivacyAction() {
  const run = useRunWithReauth();
  const dispatch = useAppDispatch();
  return useCallback(
    async (
      send: () => Promise<PrivacyStatus>,
      messages: PrivacyActionMessages,
      options?: RetryOptions,
    ): Promise<ActionOutcome<PrivacyStatus>['kind']> => {
      const outcome = await run(send, options);
      if (outcome.kind === 'done') {
        dispatch(notify({ type: 'success', ...messages.succeeded(outcome.value) }));
      } else if (outcome.kind === 'failed') {
        dispatch(notify({ type: 'error', title: messages.failed, description: failureDescription(outcome.error) }));
      }
      return outcome.kind;
    },
    [run, dispatch],
  );
}
