import { House } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from './button';

/** The quiet way out of an outcome card (a used link, a confirmed email): home, full width. */
export function BackToHomeLink() {
  return (
    <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
      <House className="size-5" aria-hidden="true" />
      Back to Home
    </Link>
  );
}
