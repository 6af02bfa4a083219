import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ReauthDialog, useAuth, useLoginDialog } from '../../features/auth';
import { paths } from '../../lib/paths';

/** What the login dialog says to a visitor who asked for the privacy controls. */
const SIGN_IN_FOR_PRIVACY = 'Sign in to reach your privacy controls.';

/**
 * The terms' way to the privacy controls (SPEC section 2, "Terms"): a signed-in user confirms it's them, as the
 * controls' destructive actions ask, then goes on to /privacy; a visitor signs in and is taken there afterwards.
 */
export function PrivacyControlsButton() {
  const { isAuthenticated, isLoading } = useAuth();
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  const [reauthOpen, setReauthOpen] = useState(false);
  const privacy = paths.privacy.getHref();

  const open = () => {
    if (isAuthenticated) {
      setReauthOpen(true);
      return;
    }
    loginDialog.open({ tab: 'sign-in', redirectTo: privacy, notice: { tone: 'info', text: SIGN_IN_FOR_PRIVACY } });
  };

  return (
    <>
      {/* Until the session is known, a click could send a signed-in user to the login dialog. */}
      <Button size="lg" className="w-full sm:w-auto" disabled={isLoading} onClick={open}>
        <ShieldCheck className="size-5" aria-hidden="true" />
        Open privacy controls
      </Button>
      <ReauthDialog open={reauthOpen} onOpenChange={setReauthOpen} onVerified={() => navigate(privacy)} />
    </>
  );
}
