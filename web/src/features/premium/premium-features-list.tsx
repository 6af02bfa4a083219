import {
  BellRing,
  Download,
  History,
  Infinity as InfinityIcon,
  ShoppingBag,
  Sparkles,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { PREMIUM_FEATURES, type PremiumFeatureKey } from '../../lib/plan-features';

const ICONS: Record<PremiumFeatureKey, LucideIcon> = {
  neverExpires: InfinityIcon,
  contacts: UsersRound,
  noPromos: Sparkles,
  history: History,
  export: Download,
  merch: ShoppingBag,
  scanAlerts: BellRing,
};

/** What premium unlocks, each with its mark: on the subscribe page, the welcome and the payment result. */
export function PremiumFeaturesList({ className, columns = 1 }: { className?: string; columns?: 1 | 2 }) {
  return (
    <ul className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2 sm:gap-x-6', className)}>
      {PREMIUM_FEATURES.map(({ key, text }) => {
        const Icon = ICONS[key];
        return (
          <li key={key} className="flex items-center gap-3 text-base font-medium text-slate-800 dark:text-slate-100">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {text}
          </li>
        );
      })}
    </ul>
  );
}
