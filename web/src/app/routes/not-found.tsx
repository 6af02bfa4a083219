import { House, MapPinOff } from 'lucide-react';
import { EmergencyFirstMessage } from '../../components/errors/emergency-first-message';
import { ActionLink } from '../../components/ui/action-link';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  return (
    <EmergencyFirstMessage
      icon={MapPinOff}
      tone="error"
      eyebrow="Error 404"
      title="Page not found"
      message="The page you're looking for doesn't exist or has been moved."
    >
      <div className="mt-8 w-full sm:w-auto">
        <ActionLink to={paths.home.getHref()} icon={House}>
          Go to Home
        </ActionLink>
      </div>
    </EmergencyFirstMessage>
  );
}
