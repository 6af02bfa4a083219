import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../components/ui/notifications';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';

/**
 * What a save does when the gateway answers 401 (SPEC section 8, "QR creation"): say so, let the
 * header and every screen see that the session is gone, and go to /demo-privacy.
 */
export function useSessionEnded() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(notify({ type: 'warning', title: 'You are logged out. Logging in again...' }));
    dispatch(api.util.invalidateTags(['User']));
    navigate(paths.demoPrivacy.getHref());
  }, [dispatch, navigate]);
}
