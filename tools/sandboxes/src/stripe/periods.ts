import type Stripe from 'stripe';

const DAY = 86_400;

/** `base` plus whole months in UTC, on the same day of the month or the month's last day (Jan 31 → Feb 28). */
function addMonths(base: number, months: number): number {
  const date = new Date(base * 1000);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** `count` billing intervals after the anchor. */
function intervalsAfter(anchor: number, recurring: Stripe.Price.Recurring, count: number): number {
  const n = recurring.interval_count * count;
  switch (recurring.interval) {
    case 'day':
      return anchor + n * DAY;
    case 'week':
      return anchor + n * 7 * DAY;
    case 'year':
      return addMonths(anchor, 12 * n);
    default:
      return addMonths(anchor, n);
  }
}

/**
 * When the period that starts at `start` ends. Calendar periods count from the billing cycle anchor (so a subscription
 * started on the 31st renews on the last day of shorter months and the 31st again after); a fixed length
 * (`SANDBOX_STRIPE_PERIOD_SECONDS` > 0) makes every period that many seconds, so tests can reach a period's end.
 */
export function periodEnd(
  anchor: number,
  start: number,
  recurring: Stripe.Price.Recurring,
  fixedSeconds: number,
): number {
  if (fixedSeconds > 0) return start + fixedSeconds;
  let count = 1;
  let end = intervalsAfter(anchor, recurring, count);
  while (end <= start) end = intervalsAfter(anchor, recurring, ++count);
  return end;
}
