import { formatCents, orderStatusLabel, ShopMessages, type Order } from '@medical-qr/contracts';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notifications';
import { formatDate } from '../../../lib/format-date';
import { useAppDispatch } from '../../../lib/hooks';
import { useSyncOrderStatusMutation } from '../orders-api';
import { ProductLineCard } from '../product-line-card';
import { fulfillmentText, orderStatusBadge } from './order-status';
import { PrintedTags } from './printed-tags';
import { StatusBadge } from './status-badge';

/**
 * One order (SPEC section 2, "My Orders"): status, quantity, total, date, the printer's status, tracking (a link
 * when there is one), the order id, Sync Status, and the printed tag of each item.
 */
export function OrderCard({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const [syncOrderStatus, sync] = useSyncOrderStatusMutation();
  const badge = orderStatusBadge(order.status);

  const syncNow = async () => {
    try {
      const fresh = await syncOrderStatus(order.id).unwrap();
      dispatch(
        notify({
          type: 'success',
          title: ShopMessages.statusUpdated,
          description: `Now: ${orderStatusLabel(fresh.status)}.`,
        }),
      );
    } catch {
      dispatch(
        notify({ type: 'error', title: ShopMessages.syncFailed, description: ShopMessages.syncFailedDescription }),
      );
    }
  };

  return (
    <ProductLineCard
      line={order}
      imageClassName="w-20 sm:w-32"
      badge={<StatusBadge label={badge.label} tone={badge.tone} />}
    >
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        <Fact label="Quantity">{order.quantity}</Fact>
        <Fact label="Total">{formatCents(order.totalPrice)}</Fact>
        <Fact label="Ordered">{formatDate(order.createdAt)}</Fact>
        <Fact label="Fulfillment">{fulfillmentText(order.printifyStatus)}</Fact>
        <Fact label="Tracking" wide>
          {order.trackingNumber ? (
            order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noreferrer"
                className="break-all text-slate-900 underline underline-offset-2 dark:text-slate-100"
              >
                {order.trackingNumber}
              </a>
            ) : (
              <span className="break-all">{order.trackingNumber}</span>
            )
          ) : (
            'Not shipped yet'
          )}
        </Fact>
        <Fact label="Order ID" wide>
          <span className="font-mono text-sm break-all">{order.id}</span>
        </Fact>
      </dl>
      <PrintedTags order={order} />
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button
          variant="secondary"
          className="w-full whitespace-nowrap sm:w-auto"
          icon={<RefreshCw className="size-5" aria-hidden="true" />}
          pending={sync.isLoading}
          pendingText="Syncing…"
          onClick={() => void syncNow()}
        >
          Sync Status
        </Button>
      </div>
    </ProductLineCard>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 sm:col-span-1' : undefined}>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-[15px] font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
