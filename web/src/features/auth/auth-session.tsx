import { SignInLanding } from '@medical-qr/contracts';
import { useEffect } from 'react';
import { notify } from '../../components/ui/notifications';
import { takeCookie } from '../../lib/cookies';
import { useAppDispatch } from '../../lib/hooks';
import { useGetCurrentUserQuery } from './auth-api';
import { forgetSignedInUser, rememberSignedInUser } from './stored-user';
import { INACTIVITY_TIMEOUT_MS, useInactivityLogout } from './use-inactivity-logout';
import { welcomeToast } from './welcome';

/**
 * Mounted once by the root layout: keeps `medical-qr-user` in step with the server's answer
 * (also after a Google sign-in, which returns with a full page load, and is welcomed here) and
 * runs the inactivity logout while someone is signed in.
 */
export function AuthSession({ inactivityTimeoutMs = INACTIVITY_TIMEOUT_MS }: { inactivityTimeoutMs?: number }) {
  const { data, isSuccess } = useGetCurrentUserQuery();
  const user = data ?? null;

  useEffect(() => {
    if (!isSuccess) return;
    if (user) rememberSignedInUser(user);
    else forgetSignedInUser();
  }, [isSuccess, user]);

  const dispatch = useAppDispatch();
  const firstName = user?.firstName;
  useEffect(() => {
    if (firstName === undefined) return;
    const welcome = takeCookie(SignInLanding.welcomeCookie);
    if (welcome) dispatch(notify(welcomeToast(firstName, welcome === SignInLanding.welcomeNew, 'google')));
  }, [firstName, dispatch]);

  useInactivityLogout(user !== null, inactivityTimeoutMs);
  return null;
}
