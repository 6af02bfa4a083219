import { cn } from '../../lib/cn';

/** The app's card surface (rounded, bordered, light and dark): one look for every panel on a page. */
export function panel(...extra: Array<string | false | undefined>): string {
  return cn(
    'rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900',
    ...extra,
  );
}
