import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { takeLoginRedirect, takeUpgradeIntent } from '../../lib/login-gate';
import { paths } from '../../lib/paths';

/** How long after a successful sign-in the stored target is followed (SPEC: 100-500 ms). */
export const LOGIN_REDIRECT_DELAY_MS = 300;

/**
 * After a sign-in: a pending upgrade goes to /subscribe, else a stored target is followed, else
 * the visitor stays where they are (SPEC section 4, "Login gate").
 */
export function useFollowLoginGate(): () => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (takeUpgradeIntent()) {
        navigate(paths.subscribe.getHref());
        return;
      }
      const target = takeLoginRedirect();
      if (target) navigate(target);
    }, LOGIN_REDIRECT_DELAY_MS);
  }, [navigate]);
}

/** Query keys that open the login dialog; they are dropped from the URL once it closes. */
export const LOGIN_QUERY_KEYS = ['login', 'error', 'verified'] as const;

/** The current path and query without the login dialog's keys (where Google should bring the visitor back). */
export function pathWithoutLoginQuery(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of LOGIN_QUERY_KEYS) params.delete(key);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
