import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from './button';

/**
 * A page's large call to action that navigates: full width on a phone, its own width from `sm`, the
 * label on one line.
 */
export function ActionLink({
  to,
  icon: Icon,
  variant = 'primary',
  children,
}: {
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses({ variant, size: 'lg', className: 'w-full whitespace-nowrap sm:w-auto' })}>
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </Link>
  );
}
