import { Hourglass, UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { QR_LIFETIME } from '../../lib/plans';

/**
 * Under a visitor's new code: how long it lasts, and the account that makes it last longer. `email` is the one the
 * code was made with (an account with it keeps the code); unknown for a code remembered from an earlier visit.
 */
export function AccountLifetimeOffer({
  email,
  onCreateAccount,
}: {
  email: string | null;
  onCreateAccount: () => void;
}) {
  return (
    <div className="mt-5 w-full rounded-xl border border-sky-200 bg-sky-50 px-4 py-3.5 text-left text-sky-950 dark:border-sky-900/70 dark:bg-sky-950/40 dark:text-sky-100">
      <p className="flex items-center gap-2 font-bold">
        <Hourglass className="size-5 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden="true" />
        This free code lasts {QR_LIFETIME.anonymous}
      </p>
      <p className="mt-1 text-[15px] leading-snug">
        {email ? (
          <>
            Create a free account with <span className="font-semibold break-all">{email}</span> and it lasts{' '}
            {QR_LIFETIME.signedIn}, kept in your account where you can edit it.
          </>
        ) : (
          <>
            With a free account made with the same email it lasts {QR_LIFETIME.signedIn}, kept in your account where you
            can edit it.
          </>
        )}
      </p>
      <Button variant="secondary" onClick={onCreateAccount} className="mt-3 w-full sm:w-auto">
        <UserPlus className="size-5" aria-hidden="true" />
        Create a free account
      </Button>
    </div>
  );
}
