import { ShopMessages } from '@medical-qr/contracts';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { OrdersScreen } from '../../features/shop';
import { useDocumentTitle } from '../../lib/document-title';
import { SignInRequired } from './sign-in-required';

const loginRequired = (
  <SignInRequired title={ShopMessages.loginRequired} message="Sign in to see your orders and their printed tags." />
);

/** /my-orders (SPEC section 2, "My Orders"): "Login Required" for a visitor, or when the server says so (401). */
export function MyOrdersRoute() {
  useDocumentTitle('My Orders');
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <ScreenLoading label="Loading your orders…" />;
  if (!isAuthenticated) return loginRequired;
  return <OrdersScreen loginRequired={loginRequired} />;
}
