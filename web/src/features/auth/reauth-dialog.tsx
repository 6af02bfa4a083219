import { AuthMessages, ErrorCodes, verifyPasswordBodySchema, type ReauthResponse } from '@medical-qr/contracts';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { EmailField, PasswordField } from '../../components/ui/form-field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { browserLocation } from '../../lib/browser';
import { isLocalPath } from '../../lib/login-gate';
import { useConfirmOAuthReauthMutation, useVerifyPasswordMutation } from './auth-api';
import { GoogleMark } from './google-mark';
import { useAuth } from './use-auth';

export const REAUTH_SUCCESS = 'You can now access your privacy controls.';
export const REAUTH_FAILED = 'Invalid credentials. Please try again.';
/** SPEC section 4: accounts without a password are confirmed after about a second. */
export const OAUTH_CONFIRM_DELAY_MS = 1000;

export interface ReauthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the server confirmed; the dialog closes itself. */
  onVerified: (result: ReauthResponse) => void;
  /** Prefills the email; defaults to the signed-in user's. */
  defaultEmail?: string;
  title?: string;
  description?: string;
  /** Pause before an account without a password is confirmed (tests pass 0). */
  oauthConfirmDelayMs?: number;
}

/**
 * Re-authentication before destructive privacy actions (SPEC sections 4, 5 and 8): email and
 * password, or for accounts that sign in with Google only an automatic confirmation, which may
 * send the browser through Google when the server asks for it.
 */
export function ReauthDialog({
  open,
  onOpenChange,
  onVerified,
  defaultEmail,
  title = "Confirm it's you",
  description = 'For your security, sign in again before changing your privacy settings.',
  oauthConfirmDelayMs = OAUTH_CONFIRM_DELAY_MS,
}: ReauthDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      icon={
        <span className="flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
      }
      title={title}
      description={description}
    >
      <ReauthBody
        defaultEmail={defaultEmail}
        oauthConfirmDelayMs={oauthConfirmDelayMs}
        onCancel={() => onOpenChange(false)}
        onVerified={(result) => {
          onVerified(result);
          onOpenChange(false);
        }}
      />
    </ModalDialog>
  );
}

type OAuthState = 'waiting' | 'confirming' | 'redirecting' | 'failed';

function ReauthBody({
  defaultEmail,
  oauthConfirmDelayMs,
  onCancel,
  onVerified,
}: {
  defaultEmail?: string;
  oauthConfirmDelayMs: number;
  onCancel: () => void;
  onVerified: (result: ReauthResponse) => void;
}) {
  const dispatch = useAppDispatch();
  const { user } = useAuth();
  const [mode, setMode] = useState<'password' | 'oauth'>(user?.hasPassword === false ? 'oauth' : 'password');
  const [values, setValues] = useState({ email: defaultEmail ?? user?.email ?? '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [oauthState, setOAuthState] = useState<OAuthState>('waiting');
  const [verifyPassword, { isLoading }] = useVerifyPasswordMutation();
  const [confirmOAuth] = useConfirmOAuthReauthMutation();
  const errorId = useId();

  // The account may arrive after the dialog opened: fill in its email, and skip the password
  // form for accounts that have none.
  const accountEmail = user?.email;
  const passwordless = user?.hasPassword === false;
  useEffect(() => {
    if (accountEmail)
      setValues((current) => (current.email ? current : { ...current, email: defaultEmail ?? accountEmail }));
  }, [accountEmail, defaultEmail]);
  useEffect(() => {
    if (passwordless) setMode('oauth');
  }, [passwordless]);

  // The caller's handler may change on every render; the pending confirmation must not restart for it.
  const onVerifiedRef = useRef(onVerified);
  useEffect(() => {
    onVerifiedRef.current = onVerified;
  });

  const succeed = useCallback(
    (result: ReauthResponse) => {
      dispatch(notify({ type: 'success', title: 'Authentication successful', description: REAUTH_SUCCESS }));
      onVerifiedRef.current(result);
    },
    [dispatch],
  );

  const confirm = useCallback(async () => {
    setOAuthState('confirming');
    try {
      succeed(await confirmOAuth().unwrap());
    } catch (failure) {
      const redirectUrl = googleRedirectOf(failure);
      if (redirectUrl) {
        setOAuthState('redirecting');
        browserLocation.assign(redirectUrl);
        return;
      }
      setOAuthState('failed');
      const text = isApiError(failure) ? failure.message : 'Please try again in a moment.';
      setError(text);
      dispatch(notify({ type: 'error', title: 'OAuth Confirmation Failed', description: text }));
    }
  }, [confirmOAuth, dispatch, succeed]);

  useEffect(() => {
    if (mode !== 'oauth' || oauthState !== 'waiting') return;
    const timer = window.setTimeout(() => void confirm(), oauthConfirmDelayMs);
    return () => window.clearTimeout(timer);
  }, [mode, oauthState, oauthConfirmDelayMs, confirm]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (!verifyPasswordBodySchema.safeParse(values).success) {
      setError(AuthMessages.reauthBothFields);
      return;
    }
    setError(null);
    try {
      succeed(await verifyPassword({ email: values.email.trim(), password: values.password }).unwrap());
    } catch (failure) {
      if (isApiError(failure) && failure.code === ErrorCodes.OAUTH_NO_PASSWORD) {
        setMode('oauth');
        setOAuthState('waiting');
        return;
      }
      const text = isCredentialFailure(failure) ? REAUTH_FAILED : isApiError(failure) ? failure.message : REAUTH_FAILED;
      setError(text);
      dispatch(notify({ type: 'error', title: 'Verification Failed', description: text }));
    }
  };

  if (mode === 'oauth') {
    const busy = oauthState !== 'failed';
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
              {oauthState === 'redirecting'
                ? 'Continuing to Google…'
                : busy
                  ? 'Confirming it’s you…'
                  : 'We could not confirm it’s you.'}
            </p>
          </div>
        </div>
        {oauthState === 'failed' && error ? <InlineAlert tone="error">{error}</InlineAlert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          {oauthState === 'failed' ? (
            <Button
              onClick={() => {
                setError(null);
                setOAuthState('waiting');
              }}
            >
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={isLoading} className="flex flex-col gap-4">
      {error ? (
        <InlineAlert tone="error" id={errorId}>
          {error}
        </InlineAlert>
      ) : null}
      <EmailField
        value={values.email}
        onChange={(event) => setValues({ ...values, email: event.target.value })}
        invalid={error !== null && values.email.trim() === ''}
        errorId={errorId}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
        invalid={error !== null}
        errorId={errorId}
      />
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? <Spinner /> : null}
          {isLoading ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
    </form>
  );
}

function isCredentialFailure(failure: unknown): boolean {
  if (!isApiError(failure)) return false;
  return (
    failure.code === ErrorCodes.REAUTH_FAILED ||
    failure.code === ErrorCodes.INVALID_CREDENTIALS ||
    failure.status === 401 ||
    failure.status === 403
  );
}

/** A 403 REAUTH_REQUIRED may carry where to go to confirm through Google: a local path or an https URL. */
function googleRedirectOf(failure: unknown): string | null {
  if (!isApiError(failure) || failure.code !== ErrorCodes.REAUTH_REQUIRED) return null;
  const url = failure.body?.redirectUrl;
  if (typeof url !== 'string') return null;
  return isLocalPath(url) || /^https:\/\//i.test(url) ? url : null;
}
