import type { ReauthResponse } from '@medical-qr/contracts';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DialogIconBadge, ModalDialog } from '../../components/ui/dialog';
import { notify } from '../../components/ui/notifications';
import { useAppDispatch } from '../../lib/hooks';
import { OAuthReauthConfirmation } from './oauth-reauth-confirmation';
import { ReauthPasswordForm } from './reauth-password-form';
import { useAuth } from './use-auth';

export const REAUTH_SUCCESS = 'You can now access your privacy controls.';
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
  /** After closing; call `event.preventDefault()` to move focus somewhere other than the opener. */
  onCloseAutoFocus?: (event: Event) => void;
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
  onCloseAutoFocus,
}: ReauthDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      focusFirstInput
      icon={<DialogIconBadge icon={ShieldCheck} />}
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

/** The password form, or for accounts without one the OAuth confirmation; both report the same way. */
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
  const passwordless = user?.hasPassword === false;
  const [mode, setMode] = useState<'password' | 'oauth'>(passwordless ? 'oauth' : 'password');

  // The account may arrive after the dialog opened: skip the password form for one that has none.
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

  if (mode === 'oauth') {
    return <OAuthReauthConfirmation delayMs={oauthConfirmDelayMs} onCancel={onCancel} onVerified={succeed} />;
  }
  return (
    <ReauthPasswordForm
      accountEmail={defaultEmail ?? user?.email}
      onCancel={onCancel}
      onVerified={succeed}
      onPasswordless={() => setMode('oauth')}
    />
  );
}
