import { Check, Crown, LogIn, QrCode, Settings, UserPlus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { PLANS, type Plan } from '../../lib/plan-features';
import { REFUND_PROMISE, type PlanId } from '../../lib/plans';

/** A plan's action: the card's full width, a 48 px target, its label on one line even in a dialog's narrow column. */
const actionClass = 'min-h-12 w-full whitespace-nowrap';

export interface PricingPlansProps {
  /** The visitor's plan: marked, and the actions offered follow from it. */
  current: PlanId;
  /** The plans' names are headings one level below the page's or dialog's title. */
  headingLevel: 2 | 3;
  /** Signed out, choosing premium: sign in first, then on to the subscription. */
  onSignInToUpgrade: () => void;
  /** Signed out, choosing the free account. */
  onCreateAccount: () => void;
  /** A link inside was followed (a dialog closes). */
  onNavigate?: () => void;
  /**
   * Premium first (and the free plans after it): for an upgrade prompt, where premium is what was asked about. The
   * order is the same at every width, so reading and focus follow what is seen.
   */
  premiumFirst?: boolean;
}

/**
 * Free, signed-in and premium side by side (stacked on phones), the visitor's own plan marked, each with the step
 * it offers from where they are.
 */
export function PricingPlans({
  current,
  headingLevel,
  onSignInToUpgrade,
  onCreateAccount,
  onNavigate,
  premiumFirst = false,
}: PricingPlansProps) {
  const actionFor = (plan: PlanId): ReactNode => {
    const link = (to: string, label: string, icon: ReactNode, variant: 'primary' | 'secondary' = 'primary') => (
      <Link to={to} onClick={onNavigate} className={buttonClasses({ variant, className: actionClass })}>
        {icon}
        {label}
      </Link>
    );
    if (plan === 'visitor' && current === 'visitor') {
      return link(
        paths.home.getHref(),
        'Create a free code',
        <QrCode className="size-5" aria-hidden="true" />,
        'secondary',
      );
    }
    if (plan === 'member' && current === 'visitor') {
      return (
        <Button variant="secondary" className={actionClass} onClick={onCreateAccount}>
          <UserPlus className="size-5" aria-hidden="true" />
          Create free account
        </Button>
      );
    }
    if (plan !== 'premium') return null;
    if (current === 'visitor') {
      return (
        <Button className={actionClass} onClick={onSignInToUpgrade}>
          <LogIn className="size-5" aria-hidden="true" />
          Sign in to upgrade
        </Button>
      );
    }
    if (current === 'member') {
      return link(paths.subscribe.getHref(), 'Upgrade to Premium', <Crown className="size-5" aria-hidden="true" />);
    }
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-center justify-center gap-2 text-base font-bold text-amber-800 dark:text-amber-300">
          <Crown className="size-5" aria-hidden="true" />
          You're Premium
        </p>
        {link(
          paths.myAccount.getHref(),
          'Manage in My Account',
          <Settings className="size-5" aria-hidden="true" />,
          'secondary',
        )}
      </div>
    );
  };

  return (
    <div>
      <ul className="grid gap-4 md:grid-cols-3 md:gap-5">
        {(premiumFirst ? [...PLANS].reverse() : PLANS).map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              isCurrent={plan.id === current}
              headingLevel={headingLevel}
              action={actionFor(plan.id)}
            />
          </li>
        ))}
      </ul>
      <p className="mt-5 text-center text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        Prices in US dollars. Cancel any time in My Account: premium stays until the end of the month you paid for.{' '}
        {REFUND_PROMISE}.{' '}
        <Link
          to={paths.terms.getHref()}
          onClick={onNavigate}
          className="font-semibold text-slate-800 underline underline-offset-2 dark:text-slate-200"
        >
          Terms of Service
        </Link>
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  isCurrent,
  headingLevel,
  action,
}: {
  plan: Plan;
  isCurrent: boolean;
  headingLevel: 2 | 3;
  action: ReactNode;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const premium = plan.id === 'premium';
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'relative flex w-full flex-col rounded-3xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900',
        premium
          ? 'border-amber-300 ring-1 ring-amber-300 dark:border-amber-500/60 dark:ring-amber-500/60'
          : 'border-slate-200 dark:border-slate-800',
        isCurrent && !premium && 'border-slate-900 ring-1 ring-slate-900 dark:border-slate-300 dark:ring-slate-300',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <Heading
            id={titleId}
            className="flex items-center gap-2 text-xl font-extrabold text-slate-900 dark:text-white"
          >
            {premium ? <Crown className="size-5 text-amber-600 dark:text-amber-400" aria-hidden="true" /> : null}
            {plan.name}
          </Heading>
          <p className="mt-0.5 text-sm font-medium text-slate-600 dark:text-slate-400">{plan.audience}</p>
        </div>
        {isCurrent ? (
          <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-bold text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
            Current plan
          </span>
        ) : null}
      </div>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">{plan.price}</span>
        <span className="text-[15px] font-medium text-slate-600 dark:text-slate-400">{plan.priceNote}</span>
      </p>
      <ul className="mt-5 mb-6 flex flex-col gap-2.5">
        {plan.features.map((feature) => (
          <li
            key={feature}
            className="flex items-start gap-2.5 text-[15px] leading-snug text-slate-800 dark:text-slate-200"
          >
            <Check
              className={cn(
                'mt-0.5 size-4.5 shrink-0',
                premium ? 'text-amber-600 dark:text-amber-400' : 'text-emerald-600 dark:text-emerald-400',
              )}
              aria-hidden="true"
            />
            {feature}
          </li>
        ))}
      </ul>
      {action ? <div className="mt-auto">{action}</div> : null}
    </section>
  );
}
