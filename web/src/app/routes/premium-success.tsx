import { useSearchParams } from 'react-router';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { PaymentResultScreen } from '../../features/premium';
import { useDocumentTitle } from '../../lib/document-title';
import { SignInRequired } from './sign-in-required';

/**
 * /premium/success, where the payment provider returns the browser (`redirect_status`,
 * `payment_intent_client_secret`) and where the card form's bank confirmation ends.
 */
export function PremiumSuccessRoute() {
  const [searchParams] = useSearchParams();
  const { isAuthenticated, isLoading } = useAuth();
  useDocumentTitle('Payment');

  if (isLoading) return <ScreenLoading />;
  if (!isAuthenticated) {
    return <SignInRequired title="Sign in to see your payment" message="Your payment is tied to your account." />;
  }
  return (
    <PaymentResultScreen
      redirectStatus={searchParams.get('redirect_status')}
      clientSecret={searchParams.get('payment_intent_client_secret')}
    />
  );
}
