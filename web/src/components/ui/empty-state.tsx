import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What a screen shows where its list would be when there is nothing in it: an icon, a heading (an `h2` where it
 * heads the screen's content, else a bold line), a sentence, and the way forward.
 */
export function EmptyState({
  icon: Icon,
  title,
  heading = true,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  /** False when the screen already has its own heading for this (a search that found nothing). */
  heading?: boolean;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      {heading ? (
        <h2 className="mt-5 text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      ) : (
        <p className="mt-5 text-lg font-bold text-slate-900 dark:text-white">{title}</p>
      )}
      <p className={`${heading ? 'mt-2 max-w-md' : 'mt-1'} text-slate-600 dark:text-slate-300`}>{children}</p>
      {action ? <div className="mt-6 w-full sm:w-auto">{action}</div> : null}
    </div>
  );
}
