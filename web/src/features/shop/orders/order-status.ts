import { orderStatusLabel } from '@medical-qr/contracts';

export type StatusTone = 'neutral' | 'info' | 'progress' | 'success' | 'danger';

const TONES: Record<string, StatusTone> = {
  pending: 'neutral',
  paid: 'info',
  processing: 'progress',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'neutral',
  failed: 'danger',
  test_order: 'neutral',
};

/** An order's status badge (SPEC section 4): its label, unknown statuses reading as Pending, and its colour. */
export function orderStatusBadge(status: string): { label: string; tone: StatusTone } {
  return { label: orderStatusLabel(status), tone: TONES[status] ?? 'neutral' };
}

/** The printer's own status word ("in-production") as a reader would write it ("In production"). */
export function fulfillmentText(printifyStatus: string | null): string {
  const words = printifyStatus?.trim().replace(/[-_]+/g, ' ');
  if (!words) return 'Not yet sent to the printer';
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
