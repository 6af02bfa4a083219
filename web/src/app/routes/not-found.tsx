import { House, MapPinOff } from 'lucide-react';
import { EmergencyCallLead } from '../../components/errors/emergency-call-lead';
import { ActionLink } from '../../components/ui/action-link';
import { PageMessage } from '../../components/ui/page-message';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <PageMessage
      lead={<EmergencyCallLead className="mb-8" />}
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
    </PageMessage>
  );
}
