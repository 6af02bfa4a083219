import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { browserLocation } from '../../lib/browser';
import { sessionExpiredHref } from '../../lib/paths';
import { authApi } from './auth-api';
import { forgetSignedInUser } from './stored-user';

/** SPEC section 9: 15 minutes without activity signs a user out. */
export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
/** Activity restarts the countdown at most once per second. */
export const ACTIVITY_THROTTLE_MS = 1000;
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

/**
 * While `enabled` (a user is signed in), signs out after `timeoutMs` without mouse, key, scroll
 * or touch activity: the audit call first, then logout, then home with `timeout=inactivity`.
 * Failed calls are only logged; the redirect happens regardless (SPEC section 4).
 */
export function useInactivityLogout(enabled: boolean, timeoutMs: number = INACTIVITY_TIMEOUT_MS): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let lastReset = Number.NEGATIVE_INFINITY;
    let expired = false;
    const options: AddEventListenerOptions = { capture: true, passive: true };

    const stopListening = () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, options);
    };

    const expire = async () => {
      expired = true;
      stopListening();
      try {
        await dispatch(authApi.endpoints.auditSessionTimeout.initiate()).unwrap();
      } catch (error) {
        console.warn('Could not record the inactivity logout', error);
      }
      try {
        await dispatch(authApi.endpoints.logout.initiate()).unwrap();
      } catch (error) {
        console.warn('The logout request after inactivity failed', error);
      }
      forgetSignedInUser();
      browserLocation.assign(sessionExpiredHref);
    };

    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void expire(), timeoutMs);
    };

    function onActivity() {
      if (expired) return;
      const now = Date.now();
      if (now - lastReset < ACTIVITY_THROTTLE_MS) return;
      lastReset = now;
      restart();
    }

    restart();
    lastReset = Date.now();
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, options);
    return () => {
      window.clearTimeout(timer);
      stopListening();
    };
  }, [enabled, timeoutMs, dispatch]);
}
