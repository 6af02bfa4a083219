import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './button';

/**
 * A card's or dialog's large action, the button twin of {@link ActionLink}: full width on a phone, its own width from
 * `sm`, the label on one line, and a leading icon (which the spinner replaces while pending).
 */
export function ActionButton({
  icon: Icon,
  className,
  ...props
}: Omit<ButtonProps, 'size' | 'icon'> & { icon?: LucideIcon }) {
  return (
    <Button
      size="lg"
      icon={Icon ? <Icon className="size-5" aria-hidden="true" /> : undefined}
      className={cn('w-full whitespace-nowrap sm:w-auto', className)}
      {...props}
    />
  );
}
