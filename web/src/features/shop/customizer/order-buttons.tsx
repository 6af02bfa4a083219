import { ShoppingCart, Zap } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { OrderReadiness } from './order-readiness';
import type { PendingAction } from './use-order-actions';

/** Add to Cart (Update Cart when editing) and Quick Checkout, and what is still missing while they wait. */
export function OrderButtons({
  editing,
  readiness,
  pending,
  onSaveToCart,
  onQuickCheckout,
}: {
  editing: boolean;
  readiness: OrderReadiness;
  pending: PendingAction;
  onSaveToCart: () => void;
  onQuickCheckout: () => void;
}) {
  const reasonId = useId();
  // Both wait for the same thing, and say what it is.
  const shared = {
    size: 'lg',
    className: 'w-full whitespace-nowrap',
    disabled: !readiness.ready || pending !== null,
    'aria-describedby': readiness.reason ? reasonId : undefined,
  } as const;
  const saveLabel = editing ? 'Update Cart' : 'Add to Cart';
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Button
          {...shared}
          onClick={onSaveToCart}
          icon={<ShoppingCart className="size-5" aria-hidden="true" />}
          pending={pending === 'cart'}
          pendingText={editing ? 'Updating…' : 'Adding…'}
        >
          {saveLabel}
        </Button>
        <Button
          {...shared}
          variant="secondary"
          onClick={onQuickCheckout}
          icon={<Zap className="size-5" aria-hidden="true" />}
          pending={pending === 'checkout'}
          pendingText="Preparing…"
        >
          Quick Checkout
        </Button>
      </div>
      {readiness.reason ? (
        <p id={reasonId} className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {readiness.reason}
        </p>
      ) : null}
    </div>
  );
}
