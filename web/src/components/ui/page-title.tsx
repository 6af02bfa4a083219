import type { ReactNode } from 'react';

/** A screen's heading under a small red line that says where you are ("Plans and pricing", "Support"). */
export function PageTitle({ eyebrow, children }: { eyebrow: ReactNode; children: ReactNode }) {
  return (
    <>
      <p className="text-sm font-bold tracking-[0.12em] text-red-700 uppercase dark:text-red-400">{eyebrow}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        {children}
      </h1>
    </>
  );
}
