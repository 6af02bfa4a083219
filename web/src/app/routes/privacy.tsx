import { useSearchParams } from 'react-router';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { DemoLoginButton, ReauthDialog, useAuth } from '../../features/auth';
import { PrivacyControls } from '../../features/privacy';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { SignInRequired } from './sign-in-required';

/**
 * /privacy and /privacy-controls (SPEC section 2, "Privacy controls"): signed out, a sign-in prompt (the email from
 * `?email=` prefilled) and the testing-only demo account; signed in, the controls, whose changes confirm it's the
 * person through the auth feature's re-authentication dialog.
 */
export function PrivacyRoute() {
  useDocumentTitle('Privacy Controls');
  const { user, isLoading, logout } = useAuth();
  const [searchParams] = useSearchParams();

  if (isLoading) return <ScreenLoading label="Loading your privacy controls…" />;
  if (!user) {
    return (
      <SignInRequired
        title="Privacy Controls"
        message="Sign in to manage your consent or delete your data."
        email={searchParams.get('email') ?? undefined}
      >
        <DemoLoginButton />
      </SignInRequired>
    );
  }
  // Keyed by account: another sign-in starts from that account's own status.
  // An immediate deletion ends the account: signing out lands on the page that says it was deleted.
  return (
    <PrivacyControls
      key={user.id}
      reauthDialog={ReauthDialog}
      reauthenticatedUntil={user.reauthenticatedUntil}
      onErased={() => void logout(paths.accountDeleted.getHref())}
    />
  );
}
