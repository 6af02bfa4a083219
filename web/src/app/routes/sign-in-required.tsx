import { LockKeyhole, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
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
    <section className="mx-auto flex max-w-xl flex-col items-center px-5 py-10 text-center sm:px-6 sm:py-16">
      <span className="flex size-20 items-center justify-center rounded-3xl bg-slate-100 text-slate-700 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700">
        <LockKeyhole className="size-10" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">{message}</p>
      <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={() => loginDialog.open({ tab: 'sign-in', email })}>
        <LogIn className="size-5" aria-hidden="true" />
        Sign In
      </Button>
      {children}
    </section>
  );
}
