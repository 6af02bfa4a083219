import { Crown } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { PREMIUM_PRICE } from '../../lib/plans';

/**
 * The one quiet house promo non-premium users see (DESIGN: "no ads" means a small promo of our own, never a third
 * party's): what premium adds, and a way to look at it. Premium users see none (the caller leaves it out).
 */
export function HousePromo({ onSeePremium }: { onSeePremium: () => void }) {
  return (
    <aside
      aria-label="Medical QR Premium"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
        <Crown className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-base font-bold text-slate-900 dark:text-white">A code that never expires</p>
        <p className="mt-0.5 text-[15px] leading-snug text-slate-600 dark:text-slate-400">
          Premium keeps your card live for good, with up to 10 emergency contacts and scan alerts. {PREMIUM_PRICE}.
        </p>
      </div>
      <Button variant="secondary" onClick={onSeePremium} className="w-full whitespace-nowrap sm:w-auto">
        Go Premium
      </Button>
    </aside>
  );
}
