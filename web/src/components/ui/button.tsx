import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors select-none ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:focus-visible:outline-red-400 ' +
  'disabled:pointer-events-none disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 ' +
    'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-50 dark:hover:bg-slate-800',
  ghost:
    'text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white',
  destructive: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/60',
};

// Every size keeps at least a 44 px tap target.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-13 px-6 text-lg',
  icon: 'relative size-11 shrink-0',
};

/** Button look for <button>, <a> or router <Link> alike. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A leading icon (decorative: the text names the action); the spinner takes its place while pending. */
  icon?: ReactNode;
  /** The action is running: the button is disabled and busy, shows a spinner and `pendingText`. */
  pending?: boolean;
  /** What the button says while pending ("Saving…"); its usual text when omitted. */
  pendingText?: ReactNode;
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  icon,
  pending = false,
  pendingText,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner /> : icon}
      {pending && pendingText !== undefined ? pendingText : children}
    </button>
  );
}

/** A small count bubble on an icon (cart). Hidden from screen readers: the button label says the count. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
