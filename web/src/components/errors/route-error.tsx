import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { buttonClasses } from '../ui/button';
import { useDocumentTitle } from '../../lib/document-title';

/** Shown when a screen crashes, instead of a blank page. */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-6 text-center dark:bg-slate-950">
      <div className="max-w-md">
        <TriangleAlert className="mx-auto size-12 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Something went wrong</h1>
        <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
          The page hit an unexpected problem. Reloading usually fixes it.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses()}>
            Reload page
          </button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            Go to Home
          </a>
        </div>
      </div>
    </main>
  );
}
