import { FINAL_ORDER_STATUSES, type Order } from '@medical-qr/contracts';
import { useEffect, useRef } from 'react';
import { useSyncOrderStatusMutation } from '../orders-api';

/**
 * Asks the printer about each order once per visit (SPEC section 4), one after another, so the list shows today's
 * statuses; a failure is only logged. Orders that can no longer change (delivered, cancelled, failed) are left out.
 */
export function useAutoSync(orders: readonly Order[] | undefined): void {
  const [syncOrderStatus] = useSyncOrderStatusMutation();
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (!orders) return;
    const due = orders.filter(
      (order) => !asked.current.has(order.id) && !(FINAL_ORDER_STATUSES as readonly string[]).includes(order.status),
    );
    for (const order of due) asked.current.add(order.id);
    void (async () => {
      for (const order of due) {
        try {
          await syncOrderStatus(order.id).unwrap();
        } catch (error) {
          console.warn(`Syncing order ${order.id} failed.`, error);
        }
      }
    })();
  }, [orders, syncOrderStatus]);
}
