import { useCallback } from 'react';
import { browserLocation } from '../../lib/browser';
import { paths } from '../../lib/paths';
import { forgetAllUnsavedDrafts } from '../../lib/unsaved-drafts';
import type { CurrentUser } from '@medical-qr/contracts';
import { useGetCurrentUserQuery, useLogoutMutation } from './auth-api';
import { forgetSignedInUser } from './stored-user';

export interface AuthState {
  /** The signed-in account, or null (signed out, or still loading). */
  user: CurrentUser | null;
  isAuthenticated: boolean;
  isPremium: boolean;
  /** True until the first answer from GET /api/auth/user. */
  isLoading: boolean;
  /**
   * POST /api/auth/logout, forget the saved user, then a full load of the home page, which confirms it (or of
   * `destination`, a page that says why the person was signed out).
   */
  logout: (destination?: string) => Promise<void>;
}

/** Who is signed in (SPEC section 4, "Login state"): whatever GET /api/auth/user answers. */
export function useAuth(): AuthState {
  const { data, isLoading } = useGetCurrentUserQuery();
  const logout = useLogout();
  const user = data ?? null;
  return { user, isAuthenticated: user !== null, isPremium: user?.isPremium === true, isLoading, logout };
}

export function useLogout(): (destination?: string) => Promise<void> {
  const [logoutRequest] = useLogoutMutation();
  return useCallback(
    async (destination?: string) => {
      try {
        await logoutRequest().unwrap();
      } catch (error) {
        console.warn('The logout request failed; signing out locally anyway.', error);
      }
      forgetSignedInUser();
      forgetAllUnsavedDrafts();
      // A full load drops every cached record of the account that just left; home then says "Signed out".
      browserLocation.assign(destination ?? paths.home.getHref({ signedOut: true }));
    },
    [logoutRequest],
  );
}
