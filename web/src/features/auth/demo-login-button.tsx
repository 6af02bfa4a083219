import { FlaskConical } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useDemoLogin } from './use-demo-login';

/**
 * The privacy screen's testing-only "Use Demo Account" (SPEC section 2). The server decides whether the demo account
 * exists (off in production); when it does not, the toast points to the regular sign-in above.
 */
export function DemoLoginButton() {
  const { demoLogin, isLoading } = useDemoLogin();
  return (
    <div className="mt-8 w-full rounded-2xl border border-dashed border-slate-300 p-4 sm:w-auto sm:px-6 dark:border-slate-700">
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">For testing only</p>
      <Button
        variant="secondary"
        className="mt-3 w-full whitespace-nowrap"
        icon={<FlaskConical className="size-5" aria-hidden="true" />}
        pending={isLoading}
        onClick={() => void demoLogin()}
      >
        Use Demo Account
      </Button>
    </div>
  );
}
