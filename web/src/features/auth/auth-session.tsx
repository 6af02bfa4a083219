import { useEffect } from 'react';
import { useGetCurrentUserQuery } from './auth-api';
import { forgetSignedInUser, rememberSignedInUser } from './stored-user';
import { INACTIVITY_TIMEOUT_MS, useInactivityLogout } from './use-inactivity-logout';

/**
 * Mounted once by the root layout: keeps `medical-qr-user` in step with the server's answer
 * (also after a Google sign-in, which returns with a full page load) and runs the inactivity
 * logout while someone is signed in.
 */
export function AuthSession({ inactivityTimeoutMs = INACTIVITY_TIMEOUT_MS }: { inactivityTimeoutMs?: number }) {
  const { data, isSuccess } = useGetCurrentUserQuery();
  const user = data ?? null;

  useEffect(() => {
    if (!isSuccess) return;
    if (user) rememberSignedInUser(user);
    else forgetSignedInUser();
  }, [isSuccess, user]);

  useInactivityLogout(user !== null, inactivityTimeoutMs);
  return null;
}
