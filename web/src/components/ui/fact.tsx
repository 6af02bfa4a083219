import type { ReactNode } from 'react';

/** One labelled fact of a `<dl>` (an account's email, a deletion's date): a small label over its value. */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
