import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { CartScreen } from '../../features/shop';
import { useDocumentTitle } from '../../lib/document-title';
import { SignInRequired } from './sign-in-required';

/** /cart (SPEC section 2, "Cart"): the signed-in user's cart; a visitor is asked to sign in. */
export function CartRoute() {
  useDocumentTitle('Cart');
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <ScreenLoading label="Loading your cart…" />;
  if (!isAuthenticated)
    return <SignInRequired title="Your Cart" message="Sign in to see your cart and order merchandise." />;
  return <CartScreen />;
}
