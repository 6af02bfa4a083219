import type {
  LoginBody,
  LoginResponse,
  PublicUser,
  ReauthResponse,
  RegisterBody,
  RegisterResponse,
} from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** GET /api/auth/user: the account, its premium flag and how long a re-authentication still lasts. */
export interface CurrentUser extends PublicUser {
  isPremium: boolean;
  /** ISO time until which destructive privacy actions are allowed, or null. */
  reauthenticatedUntil: string | null;
}

export interface MessageResponse {
  message: string;
}

const refreshUserOnSuccess = (result: unknown) => (result ? (['User'] as const) : []);

/** The gateway's account endpoints (SPEC section 7, "Authentication"). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who is signed in; `null` when nobody is (a 401 here is an answer, not a session expiry). */
    getCurrentUser: build.query<CurrentUser | null, void>({
      query: () => ({ url: '/api/auth/user', on401: 'null' }),
      providesTags: ['User'],
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      invalidatesTags: refreshUserOnSuccess,
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: refreshUserOnSuccess,
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    demoLogin: build.mutation<LoginResponse, void>({
      query: () => ({ url: '/api/auth/demo-login', method: 'POST' }),
      invalidatesTags: refreshUserOnSuccess,
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
    /** Sends a new verification link. */
    resendVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/verify-email', method: 'POST', body }),
    }),
    /** Re-authentication with a password (for destructive privacy actions). */
    verifyPassword: build.mutation<ReauthResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/api/auth/verify-password', method: 'POST', body }),
      invalidatesTags: refreshUserOnSuccess,
    }),
    /** Re-authentication for accounts without a password; may answer 403 with a Google `redirectUrl`. */
    confirmOAuthReauth: build.mutation<ReauthResponse, void>({
      query: () => ({ url: '/api/auth/confirm-oauth-reauth', method: 'POST', body: {} }),
      invalidatesTags: refreshUserOnSuccess,
    }),
    auditSessionTimeout: build.mutation<unknown, void>({
      query: () => ({
        url: '/api/audit/session-timeout',
        method: 'POST',
        body: { action: 'session_auto_logout', reason: 'inactivity_timeout' },
      }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useDemoLoginMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendVerificationMutation,
  useVerifyPasswordMutation,
  useConfirmOAuthReauthMutation,
} = authApi;
