import { useNavigate } from 'react-router';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { ScannerScreen } from '../../features/scanner';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { SignInRequired } from './sign-in-required';

/** /scanner (SPEC section 2): the camera scanner, for signed-in users only. */
export function ScannerRoute() {
  useDocumentTitle('QR Scanner');
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  if (isLoading) return <ScreenLoading />;
  if (!isAuthenticated) return <SignInRequired title="Access Denied" message="Sign in to scan Medical QR codes." />;
  return <ScannerScreen onClose={() => navigate(paths.home.getHref())} />;
}
