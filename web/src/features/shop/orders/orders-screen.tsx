import { EmptyState } from '../../../components/ui/empty-state';
import { ShopMessages } from '@medical-qr/contracts';
import { Package, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '../../../components/ui/action-link';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { useGetOrdersQuery } from '../orders-api';
import { statusOf } from '../shop-errors';
import { OrderCard } from './order-card';
import { useAutoSync } from './use-auto-sync';

const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * /my-orders for a signed-in user (SPEC section 2, "My Orders"): the orders, newest first as the server lists them,
 * each synced with the printer once on arrival. A lost session shows `loginRequired`; other failures "Unable to Load
 * Orders" with Retry; no orders yet leads to the shop.
 */
export function OrdersScreen({ loginRequired }: { loginRequired: ReactNode }) {
  const query = useGetOrdersQuery();
  const orders = query.data;
  useAutoSync(orders);

  if (statusOf(query.error) === 401) return loginRequired;

  const body = (
    <QueryState
      query={query}
      loadingLabel="Loading your orders…"
      error={{
        title: ShopMessages.ordersLoadFailed,
        message: 'Your orders could not be loaded. Please try again.',
        retryLabel: 'Retry',
        className: 'mt-6',
      }}
      isEmpty={(list) => list.length === 0}
      empty={<NoOrders />}
    >
      {(list) => (
        <ol className="mt-6 flex flex-col gap-4">
          {list.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );

  return (
    <div className="mx-auto max-w-4xl px-5 py-8 sm:px-6 md:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">My Orders</h1>
        {orders && orders.length > 0 ? (
          <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-bold text-white tabular-nums dark:bg-white dark:text-slate-900">
            {ordersText(orders.length)}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        Where your printed items are, and the tags on them that open your card.
      </p>
      {body}
    </div>
  );
}

function NoOrders() {
  return (
    <EmptyState
      icon={Package}
      title="No orders yet"
      action={
        <ActionLink to={paths.shop.getHref()} icon={ShoppingBag}>
          Browse Merch Shop
        </ActionLink>
      }
    >
      A keychain or a tag with your emergency QR code means responders can find your card even without your phone.
    </EmptyState>
  );
}
