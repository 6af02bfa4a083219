import type { OrderStatus } from '@medical-qr/contracts';
import type { PrintifyOrder } from '../printify/printify-types.js';

/** What the user sees of a Printify order: section 4's statuses, and the latest shipment's tracking. */
export interface OrderProgress {
  status: OrderStatus;
  printifyStatus: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export function progressOf(order: PrintifyOrder): OrderProgress {
  const shipments = order.shipments ?? [];
  const latest = shipments.at(-1);
  return {
    status: statusOf(
      order.status,
      shipments.length > 0,
      shipments.length > 0 && shipments.every((s) => s.delivered_at),
    ),
    printifyStatus: order.status,
    trackingNumber: latest?.number || null,
    trackingUrl: latest?.url && /^https?:\/\//.test(latest.url) ? latest.url : null,
  };
}

function statusOf(printifyStatus: string, shipped: boolean, delivered: boolean): OrderStatus {
  if (printifyStatus === 'canceled' || printifyStatus === 'cancelled') return 'cancelled';
  if (delivered) return 'delivered';
  if (shipped || printifyStatus === 'fulfilled' || printifyStatus === 'partially-fulfilled') return 'shipped';
  if (printifyStatus === 'sending-to-production' || printifyStatus === 'in-production') return 'processing';
  // on-hold, payment-not-received, has-issues, ...: paid for, not yet in production.
  return 'paid';
}
