import { useCallback, useMemo } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { rememberLoginRedirect, rememberUpgradeIntent } from '../../lib/login-gate';
import {
  authDialogClosed,
  forgotPasswordOpened,
  loginDialogOpened,
  type LoginNotice,
  type LoginTab,
} from './auth-slice';

export interface OpenLoginOptions {
  tab?: LoginTab;
  /** A local path to go to once signed in (kept in session storage, so it also survives Google). */
  redirectTo?: string;
  /** A message to show at the top of the dialog. */
  notice?: LoginNotice;
  /** Prefills the email field. */
  email?: string;
  /** The visitor chose premium: once signed in they go on to /subscribe. */
  upgrade?: boolean;
}

/**
 * Opens the login dialog (or the forgot-password one) over the current screen. The dialog itself
 * is mounted once, by the root layout. Without the hook, a link to `/?login=true` does the same
 * from the home page.
 */
export function useLoginDialog() {
  const dispatch = useAppDispatch();
  const open = useCallback(
    (options: OpenLoginOptions = {}) => {
      if (options.redirectTo) rememberLoginRedirect(options.redirectTo);
      if (options.upgrade) rememberUpgradeIntent();
      dispatch(loginDialogOpened({ tab: options.tab, notice: options.notice, email: options.email }));
    },
    [dispatch],
  );
  const openForgotPassword = useCallback((email?: string) => dispatch(forgotPasswordOpened({ email })), [dispatch]);
  const close = useCallback(() => dispatch(authDialogClosed()), [dispatch]);
  return useMemo(() => ({ open, openForgotPassword, close }), [open, openForgotPassword, close]);
}
