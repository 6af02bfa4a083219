import { createContext, useContext } from 'react';

/**
 * How a screen outside the auth feature keeps a person's work when their session ends under it: who is signed in (to
 * keep a draft as theirs) and a way to ask for a sign-in over the page. The app provides it once (features/auth);
 * screens read it here, so features never import one another.
 */
export interface SessionRenewal {
  /** The signed-in person, or null. */
  user: { id: string; email: string } | null;
  /** Opens the login dialog over the page; settles when it closes (signed in again or not). */
  signInAgain: (email?: string) => Promise<void>;
}

export const SessionRenewalContext = createContext<SessionRenewal | null>(null);

const signedOutRenewal: SessionRenewal = { user: null, signInAgain: async () => undefined };

export function useSessionRenewal(): SessionRenewal {
  return useContext(SessionRenewalContext) ?? signedOutRenewal;
}
