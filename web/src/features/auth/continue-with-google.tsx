import { useState } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
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
    <button
      type="button"
      onClick={go}
      disabled={leaving}
      className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
    >
      {leaving ? <Spinner /> : <GoogleMark className="size-5" />}
      Continue with Google
    </button>
  );
}
