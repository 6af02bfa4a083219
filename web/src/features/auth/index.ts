export type { CurrentUser, MessageResponse } from '@medical-qr/contracts';
export { authApi, useGetCurrentUserQuery } from './auth-api';
export { AuthDialogs, EMAIL_VERIFIED_NOTICE } from './auth-dialogs';
export { AuthSession } from './auth-session';
export { DemoLoginButton } from './demo-login-button';
export { authUiSlice, type LoginNotice, type LoginTab } from './auth-slice';
export { LOGIN_REDIRECT_DELAY_MS } from './login-gate';
export { OAUTH_CONFIRM_DELAY_MS, REAUTH_SUCCESS, ReauthDialog, type ReauthDialogProps } from './reauth-dialog';
export { REAUTH_FAILED } from './reauth-password-form';
export { INVALID_LINK_REDIRECT_MS, RESET_SUCCESS_REDIRECT_MS, ResetPasswordForm } from './reset-password-form';
export { useAuth, useLogout, type AuthState } from './use-auth';
export { DEMO_LOGIN_FAILED, useDemoLogin } from './use-demo-login';
export {
  ACTIVITY_EVENTS,
  ACTIVITY_THROTTLE_MS,
  INACTIVITY_TIMEOUT_MS,
  useInactivityLogout,
} from './use-inactivity-logout';
export { useLoginDialog, type OpenLoginOptions } from './use-login-dialog';
export { SessionRenewalProvider } from './session-renewal-provider';
export { SESSION_ENDED_NOTICE } from './use-sign-in-again';
