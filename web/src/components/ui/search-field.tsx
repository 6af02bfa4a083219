import { useId, type ComponentProps } from 'react';
import { SearchInput } from './search-input';

/** A search box under its visible label, which also names it for screen readers. */
export function SearchField({
  label,
  className,
  ...input
}: Omit<ComponentProps<typeof SearchInput>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        {label}
      </label>
      <SearchInput id={id} className="mt-1.5" {...input} />
    </div>
  );
}
