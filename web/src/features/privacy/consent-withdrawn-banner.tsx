import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { formatDate } from '../../lib/format-date';
import { paths } from '../../lib/paths';

/**
 * On the dashboard while the person's consent is withdrawn: their cards and printed tags answer "not found", so the
 * screen must not look as if their code worked. Giving consent again happens on the privacy screen, which asks first
 * and confirms it is them.
 */
export function ConsentWithdrawnBanner({ since }: { since: string | null }) {
  return (
    <div
      role="alert"
      className="mb-8 flex flex-col gap-3 rounded-2xl border-2 border-red-300 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-center sm:gap-5 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <EyeOff className="mt-0.5 size-6 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-lg leading-snug font-bold">
            {since ? `Hidden from responders since ${formatDate(since)}` : 'Hidden from responders'}
          </p>
          <p className="mt-1 text-[15px] leading-snug">
            You revoked your consent, so anyone who scans your QR code or printed tags sees “not found” instead of your
            medical information.
          </p>
        </div>
      </div>
      <Link to={paths.privacy.getHref()} className={buttonClasses({ className: 'shrink-0 whitespace-nowrap' })}>
        Give consent again
      </Link>
    </div>
  );
}
