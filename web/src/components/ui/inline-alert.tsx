import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, { icon: typeof Info; className: string; iconClass: string }> = {
  error: {
    icon: CircleAlert,
    className: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/70 dark:bg-red-950/50 dark:text-red-100',
    iconClass: 'text-red-600 dark:text-red-400',
  },
  success: {
    icon: CircleCheck,
    className:
      'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-100',
    iconClass: 'text-emerald-600 dark:text-emerald-400',
  },
  info: {
    icon: Info,
    className: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900/70 dark:bg-sky-950/40 dark:text-sky-100',
    iconClass: 'text-sky-600 dark:text-sky-400',
  },
};

/**
 * A message inside a form or dialog. Errors are announced at once (role alert), the others
 * politely (role status).
 */
export function InlineAlert({
  tone,
  children,
  id,
  className,
  action,
  title,
}: {
  tone: AlertTone;
  children: ReactNode;
  /** A short heading above the text, e.g. "Login failed". */
  title?: ReactNode;
  id?: string;
  className?: string;
  /** An optional button or link under the text. */
  action?: ReactNode;
}) {
  const { icon: Icon, className: toneClass, iconClass } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-3.5 py-3 text-[15px] leading-snug',
        toneClass,
        className,
      )}
    >
      <Icon className={cn('mt-px size-5 shrink-0', iconClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1 break-words">
        {title ? <p className="font-bold">{title}</p> : null}
        <p className="font-medium">{children}</p>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}
