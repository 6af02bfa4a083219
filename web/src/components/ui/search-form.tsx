import type { ComponentProps } from 'react';
import { SearchField } from './search-field';

/**
 * A screen's search: one labelled search box in a search landmark. Enter never reloads the page; it calls `onSubmit`
 * where the search waits for it.
 */
export function SearchForm({
  className,
  onSubmit,
  ...field
}: Omit<ComponentProps<typeof SearchField>, 'onSubmit'> & { onSubmit?: () => void }) {
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <SearchField {...field} />
    </form>
  );
}
