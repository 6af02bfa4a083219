import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

const ICON_TONES = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
  premium: 'bg-amber-100 text-amber-700 ring-amber-200 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-500/30',
  warning: 'bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900/60',
  error: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900/60',
} as const;

/**
 * A page that is one message instead of a screen (sign in first, not found, expired, a failed payment): a toned
 * icon, the message as the page's heading, a sentence, and the ways on as `children`. A page reached instead of an
 * emergency card puts the emergency call first (`lead`) and sits higher, so the call is in view at once.
 */
export function PageMessage({
  icon: Icon,
  tone = 'neutral',
  eyebrow,
  title,
  message,
  lead,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof ICON_TONES;
  /** A short line above the heading ("Error 404"). */
  eyebrow?: string;
  title: string;
  message: ReactNode;
  lead?: ReactNode;
  /** Given when the page moves focus to its heading: the heading is then focusable from code. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <section
      className={cn(
        'mx-auto flex max-w-xl flex-col items-center px-5 text-center sm:px-6',
        lead ? 'py-8 sm:py-14' : 'py-10 sm:py-16',
      )}
    >
      {lead}
      <span className={cn('flex size-20 items-center justify-center rounded-3xl ring-1', ICON_TONES[tone])}>
        <Icon className="size-10" aria-hidden="true" />
      </span>
      {eyebrow ? (
        <p className="mt-6 text-sm font-bold tracking-[0.14em] text-red-700 uppercase dark:text-red-400">{eyebrow}</p>
      ) : null}
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={cn(
          'text-3xl font-extrabold tracking-tight text-balance text-slate-900 outline-none sm:text-4xl dark:text-white',
          eyebrow ? 'mt-2' : 'mt-6',
        )}
      >
        {title}
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">{message}</p>
      {children}
    </section>
  );
}
