import { SignInLanding, signInErrorMessage } from '@medical-qr/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { takeCookie } from '../../lib/cookies';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { authDialogClosed, loginDialogOpened, selectAuthDialog, type LoginNotice } from './auth-slice';
import { LOGIN_QUERY_KEYS, useFollowLoginGate } from './login-gate';
import { useAuth } from './use-auth';

// The dialogs' forms (and their validation) load when one is first opened: the first visit does not wait for them.
const LoginDialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

export const EMAIL_VERIFIED_NOTICE = 'Email verified. You can sign in now.';
export const ALREADY_VERIFIED_NOTICE = 'Your email is already verified. You can sign in.';

/**
 * The login and forgot-password dialogs, mounted once by the root layout. `?login=true` opens the
 * login dialog for a signed-out visitor, with `error` (a code: our own words for it are shown, never the URL's text)
 * as an error and `verified=1` (or
 * `already`, a link followed twice) as a success note, the confirmed address prefilled from the
 * server's short-lived hint (these come from server redirects: Google sign-in, the email
 * verification link). Those keys leave the URL when the dialog closes.
 */
export function AuthDialogs() {
  const dispatch = useAppDispatch();
  const dialog = useAppSelector(selectAuthDialog);
  const { isAuthenticated, isLoading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsLogin = searchParams.get('login') === 'true';
  const error = searchParams.get('error');
  const verified = searchParams.get(SignInLanding.verifiedKey);

  const dropLoginQuery = () => {
    if (!LOGIN_QUERY_KEYS.some((key) => searchParams.has(key))) return;
    setSearchParams(
      (params) => {
        for (const key of LOGIN_QUERY_KEYS) params.delete(key);
        return params;
      },
      { replace: true },
    );
  };

  // Runs when the query or the login state changes, not on every render.
  useEffect(() => {
    if (!wantsLogin || isLoading) return;
    if (isAuthenticated) {
      dropLoginQuery();
      return;
    }
    const notice = loginNoticeFor(error, verified);
    const email = verified ? (takeCookie(SignInLanding.emailHintCookie) ?? undefined) : undefined;
    dispatch(loginDialogOpened({ tab: 'sign-in', notice, email }));
  }, [wantsLogin, error, verified, isLoading, isAuthenticated, dispatch]);

  // Closing the dialog (any way: X, Escape, a successful sign-in) drops the keys that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (dialog !== null) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    dropLoginQuery();
  }, [dialog]);

  const followLoginGate = useFollowLoginGate();
  const close = (open: boolean) => {
    if (!open) dispatch(authDialogClosed());
  };
  const wanted = useOpenedOnce(dialog !== null);
  if (!wanted) return null;

  return (
    <Suspense fallback={null}>
      <LoginDialog open={dialog === 'login'} onOpenChange={close} onSignedIn={followLoginGate} />
      <ForgotPasswordDialog open={dialog === 'forgot-password'} onOpenChange={close} />
    </Suspense>
  );
}

function loginNoticeFor(error: string | null, verified: string | null): LoginNotice | null {
  if (error) return { tone: 'error', text: signInErrorMessage(error) };
  if (verified === SignInLanding.verified) return { tone: 'success', text: EMAIL_VERIFIED_NOTICE };
  if (verified === SignInLanding.alreadyVerified) return { tone: 'success', text: ALREADY_VERIFIED_NOTICE };
  return null;
}
