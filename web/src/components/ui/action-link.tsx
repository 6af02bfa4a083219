import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from './button';

/**
 * A page's large call to action that navigates: full width on a phone, its own width from `sm` (or still the
 * card's full width, `fullWidth`, in a narrow card), the label on one line.
 */
export function ActionLink({
  to,
  icon: Icon,
  variant = 'primary',
  fullWidth = false,
  children,
}: {
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  variant?: ButtonVariant;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  const width = fullWidth ? 'w-full whitespace-nowrap' : 'w-full whitespace-nowrap sm:w-auto';
  return (
    <Link to={to} className={buttonClasses({ variant, size: 'lg', className: width })}>
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </Link>
  );
}
