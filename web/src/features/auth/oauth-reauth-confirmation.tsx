import { ErrorCodes, type ReauthResponse } from '@medical-qr/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { browserLocation } from '../../lib/browser';
import { isLocalPath } from '../../lib/login-gate';
import { useConfirmOAuthReauthMutation } from './auth-api';
import { GoogleMark } from './google-mark';

type OAuthState = 'waiting' | 'confirming' | 'redirecting' | 'failed';

/**
 * Re-authentication for an account without a password: confirmed automatically after a short
 * pause, or through Google when the server asks for it (SPEC section 4).
 */
export function OAuthReauthConfirmation({
  delayMs,
  onCancel,
  onVerified,
}: {
  delayMs: number;
  onCancel: () => void;
  onVerified: (result: ReauthResponse) => void;
}) {
  const [state, setState] = useState<OAuthState>('waiting');
  const [error, setError] = useState<string | null>(null);
  const [confirmOAuth] = useConfirmOAuthReauthMutation();

  const confirm = useCallback(async () => {
    setState('confirming');
    try {
      onVerified(await confirmOAuth().unwrap());
    } catch (failure) {
      const redirectUrl = googleRedirectOf(failure);
      if (redirectUrl) {
        setState('redirecting');
        browserLocation.assign(redirectUrl);
        return;
      }
      setState('failed');
      setError(isApiError(failure) ? failure.message : 'Please try again in a moment.');
    }
  }, [confirmOAuth, onVerified]);

  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = window.setTimeout(() => void confirm(), delayMs);
    return () => window.clearTimeout(timer);
  }, [state, delayMs, confirm]);

  const busy = state !== 'failed';
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-200 dark:ring-slate-700">
          <GoogleMark className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-base font-semibold text-slate-900 dark:text-white">Your account signs in with Google</p>
          <p role="status" className="mt-0.5 flex items-center gap-2 text-[15px] text-slate-600 dark:text-slate-300">
            {busy ? <Spinner className="size-4" /> : null}
            {state === 'redirecting'
              ? 'Continuing to Google…'
              : busy
                ? 'Confirming it’s you…'
                : 'We could not confirm it’s you.'}
          </p>
        </div>
      </div>
      {state === 'failed' && error ? (
        <InlineAlert tone="error" title="OAuth Confirmation Failed">
          {error}
        </InlineAlert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {state === 'failed' ? (
          <Button
            onClick={() => {
              setError(null);
              setState('waiting');
            }}
          >
            Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A 403 REAUTH_REQUIRED may carry where to go to confirm through Google: a local path or an https URL. */
function googleRedirectOf(failure: unknown): string | null {
  if (!isApiError(failure) || failure.code !== ErrorCodes.REAUTH_REQUIRED) return null;
  const url = failure.body?.redirectUrl;
  if (typeof url !== 'string') return null;
  return isLocalPath(url) || /^https:\/\//i.test(url) ? url : null;
}
