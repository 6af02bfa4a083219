import { ArrowRight, TimerOff } from 'lucide-react';
import { Link } from 'react-router';
import { EmergencyFirstMessage } from '../../components/errors/emergency-first-message';
import { paths } from '../../lib/paths';
import { QR_LIFETIME } from '../../lib/plans';

/** What a responder can still do for the person once the card no longer opens. */
const responderSteps = [
  'Stay with the person and follow what the emergency dispatcher tells you.',
  'Look for other medical ID: a bracelet or necklace, a wallet card, or the emergency information on their phone’s lock screen.',
  'Tell the paramedics that the person carries a medical QR code that has expired.',
];

/**
 * Where an expired code's card sends the scanner (SPEC section 2, "Expired"). Whoever scanned it is most likely
 * helping the person, so the page leads with the emergency number and what to do without the card, and sells
 * nothing; the owner's part is one small link. The lifetimes are the settled ones (DESIGN): 2 days without an
 * account, 10 days with one.
 */
export function ExpiredRoute() {
  return (
    <EmergencyFirstMessage
      documentTitle="QR code expired"
      icon={TimerOff}
      tone="warning"
      title="This medical QR code has expired"
      message="It no longer shows the person’s medical details. You can still help:"
    >
      <ol className="mt-5 flex w-full flex-col gap-3 text-left">
        {responderSteps.map((step, index) => (
          <li
            key={step}
            className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-base leading-snug text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white dark:bg-white dark:text-slate-900"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>

      <div className="mt-10 w-full border-t border-slate-200 pt-6 dark:border-slate-800">
        <p className="text-base text-slate-700 dark:text-slate-200">
          Is this your code?{' '}
          <Link
            to={paths.home.getHref({ login: true })}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-1 font-semibold whitespace-nowrap text-red-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:text-red-400"
          >
            Sign in to renew it
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Free codes last {QR_LIFETIME.anonymous} without an account and {QR_LIFETIME.signedIn} with one.
        </p>
      </div>
    </EmergencyFirstMessage>
  );
}
