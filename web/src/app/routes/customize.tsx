import { LogIn } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth, useLoginDialog } from '../../features/auth';
import { CustomizeScreen } from '../../features/shop';

/**
 * /customize/{blueprintId} (SPEC section 2, "Customize"), `?cartItemId=` to edit a cart line. Ordering needs an
 * account (section 6): a visitor sees the product and Sign In, and the customizer once signed in.
 */
export function CustomizeRoute() {
  const { blueprintId } = useParams();
  const [params] = useSearchParams();
  const { isAuthenticated, isPremium, isLoading } = useAuth();

  if (isLoading) return <ScreenLoading label="Loading the product…" />;
  return (
    <CustomizeScreen
      blueprintId={blueprintId}
      cartItemId={params.get('cartItemId')}
      isPremium={isPremium}
      visitorPrompt={isAuthenticated ? undefined : <SignInToOrder />}
    />
  );
}

function SignInToOrder() {
  const loginDialog = useLoginDialog();
  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">Sign in to order</h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        Your QR code is printed from your account, so ordering needs one. Sign in, or create a free account, to see your
        code on this product and choose its size, variant and shipping.
      </p>
      <Button size="lg" className="mt-5 w-full sm:w-auto" onClick={() => loginDialog.open({ tab: 'sign-in' })}>
        <LogIn className="size-5" aria-hidden="true" />
        Sign In
      </Button>
    </div>
  );
}
