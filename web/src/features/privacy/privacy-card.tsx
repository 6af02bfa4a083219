import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { panel } from '../../components/ui/panel';

/**
 * One card of the privacy screen: its heading (focusable from code, so focus has somewhere to land when an action
 * removes the button that started it) and its content.
 */
export function PrivacyCard({
  title,
  icon: Icon,
  headingRef,
  children,
}: {
  title: string;
  icon: LucideIcon;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={panel()}>
      <h2
        ref={headingRef}
        id={titleId}
        tabIndex={-1}
        className="flex items-center gap-2.5 text-xl font-bold text-slate-900 outline-none dark:text-white"
      >
        <Icon className="size-6 shrink-0 text-slate-600 dark:text-slate-300" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
