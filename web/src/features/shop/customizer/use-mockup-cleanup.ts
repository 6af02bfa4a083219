import { useEffect, useRef } from 'react';

export const CLEANUP_MOCKUPS_URL = '/api/printify/cleanup-mockups';

/**
 * Asks the server to remove this visit's preview products. A plain same-origin JSON POST with `keepalive`, so it is
 * still sent while the page unloads (the gateway takes no beacon: it wants JSON from its own origin).
 */
function cleanUpMockups(): void {
  void fetch(CLEANUP_MOCKUPS_URL, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  }).catch((error: unknown) => console.warn('Cleaning up the previews failed; the server clears them later.', error));
}

/**
 * Leaving the customizer (SPEC section 4) cleans up its previews: when the screen goes, and when the page is
 * hidden for good (a tab closed, another site opened). Nothing is sent when no preview was made.
 */
export function useMockupCleanup(requested: number): void {
  // Whether previews were asked for since the last cleanup.
  const pending = useRef(false);
  useEffect(() => {
    if (requested > 0) pending.current = true;
  }, [requested]);

  useEffect(() => {
    const cleanUp = () => {
      if (!pending.current) return;
      pending.current = false;
      cleanUpMockups();
    };
    window.addEventListener('pagehide', cleanUp);
    return () => {
      window.removeEventListener('pagehide', cleanUp);
      cleanUp();
    };
  }, []);
}
