import { Crown, QrCode, TimerOff } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { PREMIUM_PRICE, QR_LIFETIME } from '../../lib/plans';

/**
 * Shown on the signed-in home page when the newest code has expired. Free users bring codes back
 * with premium only (DESIGN); a premium user may simply create a new one.
 */
export function ExpiredQrCard({ expiredAt, onCreateNew }: { expiredAt: string | null; onCreateNew?: () => void }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-3xl border border-amber-200 bg-white p-5 shadow-sm sm:p-8 dark:border-amber-900/60 dark:bg-slate-900"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900/60">
        <TimerOff className="size-7" aria-hidden="true" />
      </span>
      <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900 dark:text-white">
        Your QR code has expired
      </h2>
      {expiredAt ? (
        <p className="mt-1 text-[15px] font-semibold text-slate-600 dark:text-slate-300">
          Expired {formatDateTime(expiredAt)}
        </p>
      ) : null}
      <p className="mt-3 max-w-2xl text-base leading-relaxed text-slate-700 dark:text-slate-300">
        Responders who scan it no longer see your medical information. Free codes last {QR_LIFETIME.anonymous} without
        an account and {QR_LIFETIME.signedIn} with one. Premium codes never expire, and premium brings your code back to
        life.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.pricing.getHref()} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
          <Crown className="size-5" aria-hidden="true" />
          Upgrade to Premium
        </Link>
        {onCreateNew ? (
          <Button variant="secondary" size="lg" onClick={onCreateNew} className="w-full sm:w-auto">
            <QrCode className="size-5" aria-hidden="true" />
            Create New QR Code
          </Button>
        ) : null}
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Premium is {PREMIUM_PRICE}, with a refund within 30 days.
      </p>
    </section>
  );
}
