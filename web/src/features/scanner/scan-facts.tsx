import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** How a first-minute value reads: plain, red (a danger to act on), amber (a need to meet), or muted ("Not stated"). */
export type FactTone = 'plain' | 'alert' | 'notice' | 'muted';

const VALUE_TONES: Record<FactTone, string> = {
  plain: 'font-extrabold text-slate-900 dark:text-white',
  alert: 'font-extrabold text-red-700 dark:text-red-300',
  notice: 'font-extrabold text-amber-800 dark:text-amber-300',
  muted: 'font-medium text-slate-600 italic dark:text-slate-400',
};

const LABEL = 'text-xs font-extrabold tracking-wide uppercase';

/**
 * A first-minute fact of a `<dl>`, kept to one line where it can be: a short value beside its label, a long one
 * wrapping whole onto the next line, so the facts and the Call below them fit a phone's first screen.
 */
export function FirstFact({
  label,
  tone = 'plain',
  large = false,
  children,
}: {
  label: string;
  tone?: FactTone;
  /** The blood group: read at a glance. */
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <dt className={cn(LABEL, 'text-slate-600 dark:text-slate-400')}>{label}</dt>
      <dd
        className={cn(
          'max-w-full leading-snug whitespace-pre-wrap [overflow-wrap:anywhere]',
          large ? 'text-2xl' : 'text-lg',
          VALUE_TONES[tone],
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** The allergies: boxed in red, the one fact no responder may miss. */
export function CriticalFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border-2 border-red-200 bg-red-50 px-3 py-1.5 dark:border-red-900 dark:bg-red-950/50">
      <dt className={cn(LABEL, 'text-red-700 dark:text-red-300')}>{label}</dt>
      <dd className="text-lg leading-snug font-extrabold whitespace-pre-wrap text-red-800 [overflow-wrap:anywhere] dark:text-red-200">
        {children}
      </dd>
    </div>
  );
}

/** A fact below the Call: a small label over its value, free text kept as written. */
export function DetailFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-semibold whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere] dark:text-white">
        {children}
      </dd>
    </div>
  );
}
