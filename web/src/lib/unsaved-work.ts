import { useEffect } from 'react';

/** Forms on screen holding changes not yet saved. */
const holders = new Set<symbol>();

/**
 * Marks the page as holding unsaved work while `dirty` is true. A session found ended in the background (a 401 to a
 * refetch) then leaves the page alone instead of sending the browser home: the form's own save asks for a sign-in
 * over it, and nothing typed is lost.
 */
export function useUnsavedWork(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const holder = Symbol('unsaved work');
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, [dirty]);
}

export const hasUnsavedWork = (): boolean => holders.size > 0;
