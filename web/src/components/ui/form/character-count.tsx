import { useWatch } from 'react-hook-form';
import { cn } from '../../../lib/cn';

/** The counter shows once a field is this full: early enough to stop typing, quiet for short answers. */
const SHOW_FROM = 0.8;

const number = new Intl.NumberFormat('en-US');

/** How long a limited field's text is (as the form's check counts it, trimmed), or null when it needs no counter yet. */
export function useCountedLength(name: string, limit: number | undefined): number | null {
  const value: unknown = useWatch({ name, disabled: limit === undefined });
  if (limit === undefined) return null;
  const length = typeof value === 'string' ? value.trim().length : 0;
  return length >= limit * SHOW_FROM ? length : null;
}

/**
 * How much of a limited field is used, shown near the limit and past it. The field never cuts what is typed or pasted
 * (a browser's maxLength would, silently, mid-word); the form's check refuses a text over the limit instead.
 */
export function CharacterCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length - limit;
  return (
    <p
      id={id}
      data-testid="character-count"
      className={cn(
        'mt-1.5 text-right text-sm tabular-nums',
        over > 0 ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
      )}
    >
      {number.format(length)} / {number.format(limit)}
      {over > 0 ? ` · ${number.format(over)} too many` : null}
    </p>
  );
}
