import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth';

export function ResetPasswordRoute() {
  const { token } = useParams();
  return <ResetPasswordForm token={token} />;
}
