import { formatCents, merchPrice, SHIPPING_NOT_AVAILABLE, type ShippingProfile } from '@medical-qr/contracts';
import type { ReactNode } from 'react';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { cn } from '../../../lib/cn';

/**
 * The pricing and shipping box (SPEC section 9): unit price (twice the provider's cost), the premium discount (5%
 * of it), shipping for the first item and each additional one, and the item's total. A preview of what the server
 * will charge: the server prices the line itself.
 */
export function PriceSummary({
  baseCost,
  profile,
  quantity,
  isPremium,
  countryChosen,
  shippingUnavailable,
}: {
  baseCost: number | null;
  profile: ShippingProfile | undefined;
  quantity: number;
  isPremium: boolean;
  countryChosen: boolean;
  shippingUnavailable: boolean;
}) {
  if (shippingUnavailable) return <InlineAlert tone="error">{SHIPPING_NOT_AVAILABLE}</InlineAlert>;
  if (baseCost === null) {
    return <Note>The price appears with your preview.</Note>;
  }
  const unitPrice = 2 * baseCost;
  if (!profile) {
    return (
      <div className="grid gap-2">
        <dl>
          <Row label="Unit price">{formatCents(unitPrice)}</Row>
        </dl>
        <Note>{countryChosen ? 'Loading shipping rates…' : 'Choose a country to see shipping and the total.'}</Note>
      </div>
    );
  }
  const price = merchPrice({ providerCost: baseCost, quantity, profile, isPremium });
  return (
    <dl className="grid gap-2">
      <Row label="Unit price">{formatCents(price.unitPrice)}</Row>
      {price.discount > 0 ? (
        <Row label="Premium discount (5%)" tone="discount">
          −{formatCents(price.discount)} each
        </Row>
      ) : null}
      <Row label={`Products (${price.quantity} × ${formatCents(price.unitPrice - price.discount)})`}>
        {formatCents((price.unitPrice - price.discount) * price.quantity)}
      </Row>
      <Row
        label="Shipping"
        detail={`${formatCents(price.shippingFirst)} for the first item${
          price.quantity > 1 ? `, ${formatCents(price.shippingAdditional)} for each additional one` : ''
        }`}
      >
        {formatCents(price.shipping)}
      </Row>
      <Row label="Item total" tone="total">
        {formatCents(price.itemTotal)}
      </Row>
    </dl>
  );
}

function Row({
  label,
  detail,
  children,
  tone,
}: {
  label: string;
  /** A smaller line under the label. */
  detail?: string;
  children: ReactNode;
  tone?: 'discount' | 'total';
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        tone === 'total' && 'mt-1 border-t border-slate-200 pt-3 dark:border-slate-700',
      )}
    >
      <dt
        className={cn(
          'text-[15px] text-slate-700 dark:text-slate-300',
          tone === 'total' && 'text-base font-bold text-slate-900 dark:text-white',
        )}
      >
        {label}
        {detail ? <span className="block text-sm text-slate-600 dark:text-slate-400">{detail}</span> : null}
      </dt>
      <dd
        className={cn(
          'text-[15px] font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white',
          tone === 'discount' && 'text-emerald-700 dark:text-emerald-400',
          tone === 'total' && 'text-xl font-extrabold',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-[15px] text-slate-600 dark:text-slate-400">{children}</p>;
}
