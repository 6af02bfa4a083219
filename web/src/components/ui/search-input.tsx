import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { inputClasses } from './form';

/** A search box with its magnifier: the app's text input, typed as a search (the phone's keyboard offers Search). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input type="search" {...props} className={cn(inputClasses, 'pl-11')} />
    </div>
  );
}
