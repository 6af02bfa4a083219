import { useMemo, type ReactNode } from 'react';
import { SessionRenewalContext } from '../../lib/session-renewal';
import { useAuth } from './use-auth';
import { useSignInAgain } from './use-sign-in-again';

/** Gives every screen {@link SessionRenewalContext}: the signed-in person and the sign-in-again dialog. */
export function SessionRenewalProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const signInAgain = useSignInAgain();
  const id = user?.id;
  const email = user?.email;
  const renewal = useMemo(() => ({ user: id && email ? { id, email } : null, signInAgain }), [id, email, signInAgain]);
  return <SessionRenewalContext value={renewal}>{children}</SessionRenewalContext>;
}
