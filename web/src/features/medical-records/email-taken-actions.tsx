import { LogIn, UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';

/**
 * Under the email field when that email already has an active code: the two ways to it, so the message is no dead
 * end for someone without an account (an account made with the email keeps the code once its link is followed).
 */
export function EmailTakenActions({
  onSignIn,
  onCreateAccount,
}: {
  onSignIn: () => void;
  onCreateAccount: () => void;
}) {
  // On the narrowest phones the icons give way, so each label stays on one line.
  return (
    <span className="mt-1 flex flex-col gap-2 sm:flex-row">
      <Button variant="secondary" onClick={onSignIn} className="px-3 text-sm">
        <LogIn className="size-5 max-[399px]:hidden" aria-hidden="true" />
        Sign in
      </Button>
      <Button variant="secondary" onClick={onCreateAccount} className="px-3 text-sm">
        <UserPlus className="size-5 max-[399px]:hidden" aria-hidden="true" />
        Create an account with this email
      </Button>
    </span>
  );
}
