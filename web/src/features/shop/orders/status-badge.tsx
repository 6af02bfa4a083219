import { cn } from '../../../lib/cn';
import type { StatusTone } from './order-status';

const TONE_CLASSES: Record<StatusTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  progress: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  danger: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

/** A small coloured pill with a status word. */
export function StatusBadge({ label, tone, className }: { label: string; tone: StatusTone; className?: string }) {
  return (
    <span
      className={cn('rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap', TONE_CLASSES[tone], className)}
    >
      {label}
    </span>
  );
}
