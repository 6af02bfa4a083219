import { useSearchParams } from 'react-router';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { CheckoutResultScreen } from '../../features/shop';
import { SignInRequired } from './sign-in-required';

/**
 * /checkout/success, where the payment provider returns the browser after the bank's confirmation page
 * (`redirect_status`, `payment_intent_client_secret`).
 */
export function CheckoutSuccessRoute() {
  const [params] = useSearchParams();
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <ScreenLoading label="Confirming your payment…" />;
  if (!isAuthenticated) {
    return <SignInRequired title="Sign in to see your order" message="Your order is tied to your account." />;
  }
  return (
    <CheckoutResultScreen
      redirectStatus={params.get('redirect_status')}
      clientSecret={params.get('payment_intent_client_secret')}
    />
  );
}
