import type {
  CurrentUser,
  LoginBody,
  LoginResponse,
  MessageResponse,
  ReauthResponse,
  RegisterBody,
  RegisterResponse,
  ResetLinkStatus,
} from '@medical-qr/contracts';
import { SESSION_HINT_COOKIE } from '@medical-qr/contracts';
import { api } from '../../lib/api';
import type { ApiError } from '../../lib/base-query';
import { hasCookie } from '../../lib/cookies';
import { isStoredUserAuthenticated, readStoredUser } from '../../lib/storage';
import { hasUnsavedWork } from '../../lib/unsaved-work';
import { forgetSignedInUser } from './stored-user';

const SIGNED_OUT_WITH_UNSAVED_WORK: ApiError = {
  status: 401,
  code: 'UNAUTHORIZED',
  message: 'Signed out; the page keeps its unsaved changes until the person signs in again.',
};

/** Whether this browser may hold a session: the gateway's hint, or an account remembered by an older sign-in. */
const mayHaveSession = () => hasCookie(SESSION_HINT_COOKIE) || isStoredUserAuthenticated(readStoredUser());

type SignInAnswer = Pick<LoginResponse, 'user'> & { requiresVerification?: boolean };

/**
 * A sign-in answer carries the whole CurrentUser: it goes straight into the getCurrentUser cache,
 * so nothing asks GET /api/auth/user again just to learn who signed in.
 */
async function cacheSignedInUser(
  queryFulfilled: Promise<{ data: SignInAnswer }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    // A registration that waits for email verification has not signed anyone in.
    if (data.requiresVerification) return;
    dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
  } catch {
    // A refused sign-in changes nothing; the form shows why.
  }
}

/** A re-authentication extends the window for destructive actions; the cached user learns the new end. */
async function cacheReauthentication(
  queryFulfilled: Promise<{ data: ReauthResponse }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(
      authApi.util.updateQueryData('getCurrentUser', undefined, (user) => {
        if (user) user.reauthenticatedUntil = data.reauthenticatedUntil;
      }),
    );
  } catch {
    // Refused: the window is unchanged.
  }
}

/** The gateway's account endpoints (SPEC section 7, "Authentication"). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Who is signed in; `null` when nobody is (a 401 here is an answer, not a session expiry). A browser with no sign
     * of a session (no SESSION_HINT_COOKIE, no account remembered from before the hint existed) is not asked at all: a
     * first visit logs no failed request.
     */
    getCurrentUser: build.query<CurrentUser | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        // Signed out elsewhere (the hint went with it) while a form here holds unsaved changes: "nobody" would swap
        // the screen under it, so this is an error and the last known user stays (see base-query's 401 handling).
        if (!mayHaveSession() && hasUnsavedWork()) return { error: SIGNED_OUT_WITH_UNSAVED_WORK };
        if (!mayHaveSession()) return { data: null };
        const answer = await baseQuery({ url: '/api/auth/user', on401: 'null' });
        // Nobody signed in after all: the remembered account goes, so the next visit does not ask again.
        if (answer.data === null) forgetSignedInUser();
        return answer as { data: CurrentUser | null } | { error: ApiError };
      },
      providesTags: ['User'],
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheSignedInUser(queryFulfilled, dispatch),
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheSignedInUser(queryFulfilled, dispatch),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    demoLogin: build.mutation<LoginResponse, void>({
      query: () => ({ url: '/api/auth/demo-login', method: 'POST' }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheSignedInUser(queryFulfilled, dispatch),
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    /** Whether a reset link can still be used (410 when not), without using it. */
    checkResetLink: build.query<ResetLinkStatus, string>({
      query: (token) => `/api/auth/reset-password/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
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
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheReauthentication(queryFulfilled, dispatch),
    }),
    /** Re-authentication for accounts without a password; may answer 403 with a Google `redirectUrl`. */
    confirmOAuthReauth: build.mutation<ReauthResponse, void>({
      query: () => ({ url: '/api/auth/confirm-oauth-reauth', method: 'POST', body: {} }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheReauthentication(queryFulfilled, dispatch),
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
  useCheckResetLinkQuery,
  useResetPasswordMutation,
  useResendVerificationMutation,
  useVerifyPasswordMutation,
  useConfirmOAuthReauthMutation,
} = authApi;
