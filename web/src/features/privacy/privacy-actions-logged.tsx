import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** SPEC section 2: the page notes that every privacy action is logged, and links to the terms. */
export function PrivacyActionsLogged() {
  return (
    <p className="flex items-start gap-3 px-1 text-[15px] leading-relaxed text-slate-600 dark:text-slate-400">
      <ScrollText className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <span>
        Every privacy action is logged: what was done, when, and from which device, so you and we can always tell what
        happened to your data. Read more in the{' '}
        <Link
          to={paths.terms.getHref()}
          className="font-semibold text-slate-900 underline underline-offset-2 hover:text-red-700 dark:text-white dark:hover:text-red-400"
        >
          terms and privacy policy
        </Link>
        .
      </span>
    </p>
  );
}
