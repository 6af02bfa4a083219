import type { HealthLinkState } from '@medical-qr/contracts';
import { CircleCheck, Clock, Ban, Lock } from 'lucide-react';
import { cn } from '../../lib/cn';

const STATES = {
  active: {
    text: 'Active',
    icon: CircleCheck,
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  },
  expired: {
    text: 'Expired',
    icon: Clock,
    className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  },
  revoked: {
    text: 'Revoked',
    icon: Ban,
    className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  },
  locked: {
    text: 'Locked: too many wrong passcodes',
    icon: Lock,
    className: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  },
} as const;

/** Whether a link still opens, in words (the colour and the icon only repeat them). */
export function HealthLinkStateBadge({ state }: { state: HealthLinkState }) {
  const { text, icon: Icon, className } = STATES[state];
  return (
    <p
      data-state={state}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{text}</span>
    </p>
  );
}
