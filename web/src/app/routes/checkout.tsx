import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { CheckoutScreen } from '../../features/shop';
import { useDocumentTitle } from '../../lib/document-title';
import { SignInRequired } from './sign-in-required';

/** /checkout (SPEC section 2, "Checkout"): pays a quick checkout's item or the cart; signed-in only. */
export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <ScreenLoading />;
  if (!isAuthenticated) return <SignInRequired title="Checkout" message="Sign in to pay for your order." />;
  return <CheckoutScreen />;
}
