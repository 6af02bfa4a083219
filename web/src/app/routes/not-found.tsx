import { House, MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { EmergencyCallLead } from '../../components/errors/emergency-call-lead';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-8 text-center sm:py-14">
      <EmergencyCallLead className="mb-8" />
      <span className="flex size-20 items-center justify-center rounded-3xl bg-red-50 text-red-600 ring-1 ring-red-100 dark:bg-red-950/50 dark:text-red-400 dark:ring-red-900/60">
        <MapPinOff className="size-10" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-bold tracking-[0.14em] text-red-700 uppercase dark:text-red-400">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Page not found
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">
        The page you're looking for doesn't exist or has been moved.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-8 w-full sm:w-auto' })}>
        <House className="size-5" aria-hidden="true" />
        Go to Home
      </Link>
    </section>
  );
}
