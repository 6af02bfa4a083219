import { useLocation } from 'react-router';
import { HealthLinkViewer } from '../../features/health-link-viewer';

/** /shl (step 18): the public viewer of a SMART Health Link; the link is the address's fragment. */
export function ShlRoute() {
  const { hash, search } = useLocation();
  return <HealthLinkViewer hash={hash} search={search} />;
}
