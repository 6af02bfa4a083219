import { useParams } from 'react-router';
import { CodeEmailConfirmation } from '../../features/medical-records';
import { useDocumentTitle } from '../../lib/document-title';

/** /confirm-code-email/{token}: the link mailed with a free code, to prove its email. */
export function ConfirmCodeEmailRoute() {
  useDocumentTitle('Confirm your email');
  const { token = '' } = useParams();
  return <CodeEmailConfirmation token={token} />;
}
