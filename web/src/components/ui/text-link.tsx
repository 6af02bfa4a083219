import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link inside a sentence: bold, red and underlined, so it stands out from the words around it. */
export const textLinkClasses = 'font-semibold text-red-700 underline underline-offset-2 dark:text-red-400';

/** A link to a page of the app, inside a sentence. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={textLinkClasses}>
      {children}
    </Link>
  );
}
