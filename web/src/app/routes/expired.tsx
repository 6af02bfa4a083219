import { BellRing, Crown, Headset, Infinity as InfinityIcon, QrCode, TimerOff, type LucideIcon } from 'lucide-react';
import { EmergencyCallLead } from '../../components/errors/emergency-call-lead';
import { ActionLink } from '../../components/ui/action-link';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { PREMIUM_PRICE, QR_LIFETIME } from '../../lib/plans';
import { panel } from '../../components/ui/panel';

const premiumBenefits: Array<{ text: string; icon: LucideIcon }> = [
  { text: 'Unlimited active QR codes', icon: QrCode },
  { text: 'No expiration', icon: InfinityIcon },
  { text: 'Scan notifications', icon: BellRing },
  { text: 'Priority support', icon: Headset },
];

/**
 * Where an expired code's card sends the scanner (SPEC section 2, "Expired"). The lifetimes are
 * the settled ones (DESIGN): 2 days without an account, 10 days with one.
 */
export function ExpiredRoute() {
  useDocumentTitle('QR code expired');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-5 py-8 text-center sm:px-6 sm:py-14">
      <EmergencyCallLead className="mb-8" />
      <span className="flex size-20 items-center justify-center rounded-3xl bg-amber-50 text-amber-700 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900/60">
        <TimerOff className="size-10" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
        This medical QR code has expired
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">
        Free QR codes are valid for {QR_LIFETIME.anonymous} from creation without an account, and for{' '}
        {QR_LIFETIME.signedIn} with a free account. Premium codes never expire.
      </p>

      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <ActionLink to={paths.pricing.getHref()} icon={Crown}>
          Reactivate with Premium
        </ActionLink>
        <ActionLink to={paths.home.getHref()} icon={QrCode} variant="secondary">
          Create New QR Code
        </ActionLink>
      </div>

      <div className={panel('mt-12 w-full text-left')}>
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">Premium benefits</h2>
        <p className="mt-1 text-[15px] text-slate-600 dark:text-slate-400">{PREMIUM_PRICE}, cancel any time.</p>
        <ul className="mt-4 flex flex-col gap-3">
          {premiumBenefits.map(({ text, icon: Icon }) => (
            <li key={text} className="flex items-center gap-3 text-base font-medium text-slate-800 dark:text-slate-100">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-400">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
