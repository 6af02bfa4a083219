import { Crown } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The crown and "Premium" beside a premium member's name. */
export function PremiumBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900',
        'dark:bg-amber-400/15 dark:text-amber-300',
        className,
      )}
    >
      <Crown className="size-3.5" aria-hidden="true" />
      Premium
    </span>
  );
}
