import { useCallback } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { notify } from '../../components/ui/notifications';
import { browserLocation } from '../../lib/browser';
import { useDemoLoginMutation } from './auth-api';
import { rememberSignedInUser } from './stored-user';

export const DEMO_LOGIN_FAILED = 'Please try the regular sign in above.';

/**
 * Signs in to the demo account (testing only; the privacy screen's "Use Demo Account"). On
 * success the page reloads signed in; on failure (404 when the server has it switched off) a
 * toast points to the regular sign-in. Resolves to whether it worked.
 */
export function useDemoLogin() {
  const [demoLoginRequest, { isLoading }] = useDemoLoginMutation();
  const dispatch = useAppDispatch();
  const demoLogin = useCallback(async (): Promise<boolean> => {
    try {
      const { user } = await demoLoginRequest().unwrap();
      rememberSignedInUser(user);
      browserLocation.reload();
      return true;
    } catch (error) {
      console.warn('Demo login failed', error);
      dispatch(notify({ type: 'error', title: 'Demo login unavailable', description: DEMO_LOGIN_FAILED }));
      return false;
    }
  }, [demoLoginRequest, dispatch]);
  return { demoLogin, isLoading };
}
