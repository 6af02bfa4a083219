import { useEffect } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/** Goes to `to` once `delayMs` have passed while the screen is shown (a screen that says it is taking you there). */
export function useRedirectAfter(to: string, delayMs: number, options?: NavigateOptions): void {
  const navigate = useNavigate();
  const replace = options?.replace;
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace }), delayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, to, delayMs, replace]);
}
