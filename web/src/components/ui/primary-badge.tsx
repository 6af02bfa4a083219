import { Star } from 'lucide-react';

/** Marks the emergency contact to call first. */
export function PrimaryBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-800 dark:bg-red-950/60 dark:text-red-200">
      <Star className="size-3" aria-hidden="true" />
      Primary
    </span>
  );
}
