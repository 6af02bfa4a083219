import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { browserLocation } from '../../lib/browser';
import { useDocumentTitle } from '../../lib/document-title';
import { paths, serverPaths } from '../../lib/paths';

/**
 * /verify-email/{token}: the link from the verification email. The server checks the token and
 * redirects to `/?login=true&verified=1` (or with an `error`), so this screen only hands over.
 */
export function VerifyEmailRoute() {
  useDocumentTitle('Verifying your email');
  const { token = '' } = useParams();

  useEffect(() => {
    browserLocation.replace(token.trim() ? serverPaths.verifyEmail(token) : paths.home.getHref({ login: true }));
  }, [token]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-red-50 text-red-600 ring-1 ring-red-100 dark:bg-red-950/50 dark:text-red-400 dark:ring-red-900/60">
        <MailCheck className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-slate-900 dark:text-white">
        Verifying your email
      </h1>
      <p role="status" className="mt-2 flex items-center gap-2 text-base text-slate-600 dark:text-slate-300">
        <Spinner className="size-4" />
        One moment…
      </p>
    </section>
  );
}
