import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { browserLocation } from '../../lib/browser';
import { takeLoginRedirect, takeUpgradeIntent } from '../../lib/login-gate';
import { paths, serverPaths } from '../../lib/paths';
import { GoogleMark } from './google-mark';
import { pathWithoutLoginQuery } from './login-gate';

/** Full-page trip through Google; it comes back to the stored target, /subscribe, or this page. */
export function ContinueWithGoogle() {
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const go = () => {
    setLeaving(true);
    const target = takeUpgradeIntent()
      ? paths.subscribe.getHref()
      : (takeLoginRedirect() ?? pathWithoutLoginQuery(location.pathname, location.search));
    browserLocation.assign(serverPaths.googleAuth(target));
  };
  return (
    <Button
      variant="secondary"
      size="lg"
      onClick={go}
      icon={<GoogleMark className="size-5" />}
      pending={leaving}
      className="w-full"
    >
      Continue with Google
    </Button>
  );
}
