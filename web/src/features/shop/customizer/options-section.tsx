import { useId, type ReactNode } from 'react';

/** One titled part of the customizer's options (Product, Ship to, Price). */
export function OptionsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
