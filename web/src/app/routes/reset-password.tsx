import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth';
import { useDocumentTitle } from '../../lib/document-title';

export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  const { token } = useParams();
  return <ResetPasswordForm token={token} />;
}
