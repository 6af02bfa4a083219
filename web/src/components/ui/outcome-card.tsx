import { CircleCheck, LinkIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { panel } from './panel';

const ICON_TONES = {
  neutral: 'bg-red-50 text-red-600 ring-red-100 dark:bg-red-950/50 dark:text-red-400 dark:ring-red-900/60',
  success:
    'bg-emerald-50 text-emerald-600 ring-emerald-100 dark:bg-emerald-950/50 dark:text-emerald-400 dark:ring-emerald-900/60',
  error: 'bg-amber-50 text-amber-600 ring-amber-100 dark:bg-amber-950/40 dark:text-amber-400 dark:ring-amber-900/60',
} as const;

/** A success shows a check; a failure here is the link's (used, expired, malformed), so it shows a link. */
const TONE_ICONS = { success: CircleCheck, error: LinkIcon } as const;

/**
 * A page that says what following a mailed link did (a reset, a confirmation): a toned icon, the outcome as the
 * page's heading, a line that screen readers announce when it is news, and what to do next.
 */
export function OutcomeCard({
  icon,
  title,
  text,
  tone = 'neutral',
  children,
}: {
  title: string;
  text?: string;
  children: ReactNode;
} & (
  | { tone?: 'neutral'; icon: LucideIcon }
  /** The tone's own icon unless told. */
  | { tone: keyof typeof TONE_ICONS; icon?: LucideIcon }
)) {
  // A neutral card always names its icon (its props' type says so).
  const Icon = icon ?? TONE_ICONS[tone as keyof typeof TONE_ICONS];
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className={panel('text-center')}>
        <span className={cn('mx-auto flex size-16 items-center justify-center rounded-2xl ring-1', ICON_TONES[tone])}>
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {text ? (
          <p
            className="mt-2 text-base leading-relaxed text-slate-600 dark:text-slate-300"
            role={tone === 'neutral' ? undefined : 'status'}
          >
            {text}
          </p>
        ) : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
