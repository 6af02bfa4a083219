import { ErrorCodes, formatCents, ShopMessages, type CartItem } from '@medical-qr/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notifications';
import { isApiError } from '../../../lib/base-query';
import { cn } from '../../../lib/cn';
import { useAppDispatch } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { useRemoveCartItemMutation, useUpdateCartQuantityMutation } from '../cart-api';
import { ProductLineCard } from '../product-line-card';
import { QuantitySelect } from '../quantity-select';
import { refusalMessage } from '../shop-errors';
import { addressLines, lineTotals } from './cart-totals';

/**
 * One cart line (SPEC section 2, "Cart"): its mockup, title, variant, address, unit price, quantity (changed on the
 * spot), products, shipping and total, with Edit (back to the customizer) and Remove.
 */
export function CartItemCard({ item, onRemoved }: { item: CartItem; onRemoved: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [updateQuantity, quantityUpdate] = useUpdateCartQuantityMutation();
  const [removeItem, removal] = useRemoveCartItemMutation();
  const totals = lineTotals(item);
  const busy = quantityUpdate.isLoading || removal.isLoading;

  const changeQuantity = async (quantity: number) => {
    try {
      await updateQuantity({ id: item.id, quantity, version: item.version }).unwrap();
      dispatch(notify({ type: 'success', title: ShopMessages.quantityUpdated }));
    } catch (error) {
      // Changed in another tab meanwhile: the cart shows the saved quantity again, and says why.
      if (isApiError(error) && error.code === ErrorCodes.EDIT_CONFLICT) {
        dispatch(
          notify({
            type: 'warning',
            title: ShopMessages.quantityUpdateFailed,
            description: ShopMessages.cartLineChanged,
          }),
        );
        return;
      }
      dispatch(
        notify({
          type: 'error',
          title: ShopMessages.quantityUpdateFailed,
          description: refusalMessage(error, '') || undefined,
        }),
      );
    }
  };
  const remove = async () => {
    try {
      await removeItem(item.id).unwrap();
      dispatch(notify({ type: 'success', title: ShopMessages.itemRemoved, description: item.productTitle }));
      onRemoved();
    } catch (error) {
      dispatch(
        notify({
          type: 'error',
          title: ShopMessages.removeFailed,
          description: refusalMessage(error, '') || undefined,
        }),
      );
    }
  };

  return (
    <ProductLineCard line={item} imageClassName="w-24 sm:w-36" details={<ShipTo item={item} />}>
      <div className="mt-4 grid gap-4 sm:grid-cols-[8rem_1fr] sm:items-start sm:gap-6">
        <QuantitySelect value={item.quantity} onChange={(quantity) => void changeQuantity(quantity)} disabled={busy} />
        <dl className="grid gap-1.5">
          <Amount label="Unit price">
            {item.discount > 0 ? (
              <>
                <s className="mr-1.5 font-normal text-slate-500">{formatCents(item.unitPrice)}</s>
                {formatCents(totals.unitAfterDiscount)}
              </>
            ) : (
              formatCents(item.unitPrice)
            )}
          </Amount>
          <Amount label="Products">{formatCents(totals.productTotal)}</Amount>
          <Amount label="Shipping">{formatCents(totals.shipping)}</Amount>
          <Amount label="Item total" total>
            {formatCents(totals.itemTotal)}
          </Amount>
        </dl>
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button
          variant="secondary"
          aria-label={`Edit ${item.productTitle}`}
          className="whitespace-nowrap"
          disabled={busy}
          onClick={() => navigate(paths.customize.getHref(item.blueprintId, { cartItemId: item.id }))}
        >
          <Pencil className="size-5" aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="destructive"
          aria-label={`Remove ${item.productTitle}`}
          className="whitespace-nowrap"
          disabled={busy}
          icon={<Trash2 className="size-5" aria-hidden="true" />}
          pending={removal.isLoading}
          pendingText="Removing…"
          onClick={() => void remove()}
        >
          Remove
        </Button>
      </div>
    </ProductLineCard>
  );
}

function ShipTo({ item }: { item: CartItem }) {
  return (
    <div className="mt-3 text-sm text-slate-700 dark:text-slate-300">
      <p className="font-semibold text-slate-800 dark:text-slate-200">Ship to</p>
      <address className="not-italic [overflow-wrap:anywhere]">
        {addressLines(item).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

function Amount({ label, children, total = false }: { label: string; children: ReactNode; total?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        total && 'mt-1 border-t border-slate-200 pt-2 dark:border-slate-800',
      )}
    >
      <dt
        className={cn(
          'text-[15px] text-slate-600 dark:text-slate-400',
          total && 'font-bold text-slate-900 dark:text-white',
        )}
      >
        {label}
      </dt>
      <dd
        className={cn(
          'text-[15px] font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white',
          total && 'text-lg font-extrabold',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
