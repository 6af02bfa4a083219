import { LockKeyhole, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { PageMessage } from '../../components/ui/page-message';
import { useLoginDialog } from '../../features/auth';

/**
 * A signed-in screen reached without a session: what it is, and Sign In, which opens the login dialog over it (the
 * screen shows itself once the sign-in succeeds), with the email prefilled when the link carried one.
 */
export function SignInRequired({
  title,
  message,
  email,
  children,
}: {
  title: string;
  message: string;
  email?: string;
  /** Under the Sign In button, e.g. the privacy screen's demo account. */
  children?: ReactNode;
}) {
  const loginDialog = useLoginDialog();
  return (
    <PageMessage icon={LockKeyhole} title={title} message={message}>
      <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={() => loginDialog.open({ tab: 'sign-in', email })}>
        <LogIn className="size-5" aria-hidden="true" />
        Sign In
      </Button>
      {children}
    </PageMessage>
  );
}
