import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth, useLoginDialog } from '../../features/auth';
import { SubscribeScreen } from '../../features/premium';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { SIGN_IN_TO_UPGRADE } from '../../lib/plans';

/**
 * /subscribe (SPEC section 2, "Subscribe"): for a signed-in user, the subscribe screen. A visitor goes home with the
 * login dialog open and an upgrade intent, so that signing in brings them back here.
 */
export function SubscribeRoute() {
  useDocumentTitle('Go Premium');
  const { isAuthenticated, isPremium, isLoading } = useAuth();
  const navigate = useNavigate();
  const loginDialog = useLoginDialog();

  useEffect(() => {
    if (isLoading || isAuthenticated) return;
    navigate(paths.home.getHref(), { replace: true });
    loginDialog.open({ tab: 'sign-in', upgrade: true, notice: { tone: 'info', text: SIGN_IN_TO_UPGRADE } });
  }, [isLoading, isAuthenticated, navigate, loginDialog]);

  if (!isAuthenticated) return <ScreenLoading />;
  return <SubscribeScreen isPremium={isPremium} />;
}
