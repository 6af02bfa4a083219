import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { TitledPanel } from '../ui/titled-panel';

/**
 * The "Payment details" panel of every payment (premium, the shop's checkout): the promise that the card goes to
 * the payment provider only, then the card form or what stands in for it while it loads or fails, and below it
 * what the payment commits to, when there is something to say.
 */
export function PaymentDetailsPanel({
  children,
  footer,
  className,
}: {
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <TitledPanel title="Payment details" className={className}>
      <p className="mt-1 flex items-start gap-2 text-[15px] leading-snug text-slate-600 dark:text-slate-400">
        <ShieldCheck className="mt-0.5 size-4.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        Your card goes straight to our payment provider. Medical QR never sees or stores it.
      </p>
      <div className="mt-5">{children}</div>
      {footer ? (
        <div className="mt-5 border-t border-slate-200 pt-4 text-sm leading-relaxed text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {footer}
        </div>
      ) : null}
    </TitledPanel>
  );
}
