import { useId, type ReactNode } from 'react';
import { panel } from './panel';

/**
 * A panel headed by its `h2`, which also names it for assistive technology (a landmark list reads "Email support",
 * not just "region"). `as="nav"` for a panel of links within the page.
 */
export function TitledPanel({
  title,
  as: Landmark = 'section',
  className,
  children,
}: {
  title: ReactNode;
  as?: 'section' | 'nav';
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Landmark aria-labelledby={titleId} className={panel(className)}>
      <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </Landmark>
  );
}
