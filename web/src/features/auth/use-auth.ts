import { useCallback } from 'react';
import { serverPaths } from '../../lib/paths';

/** The signed-in user as the shell needs it (SPEC section 3, "User"). */
export interface SessionUser {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  isPremium?: boolean;
}

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isPremium: boolean;
  logout: () => void;
}

/**
 * Who is signed in. Accounts arrive with the next step (GET /api/auth/user); until then nobody
 * is, and the shell shows its signed-out state.
 */
export function useAuth(): AuthState {
  const logout = useCallback(() => window.location.assign(serverPaths.logout), []);
  return { user: null, isAuthenticated: false, isPremium: false, logout };
}
