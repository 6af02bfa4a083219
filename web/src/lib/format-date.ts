/** A date and time in the reader's own locale and time zone, e.g. "Nov 25, 2026, 3:04 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar date in the reader's own locale and time zone, e.g. "Nov 25, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/**
 * A day written YYYY-MM-DD (a date of birth) in the reader's own locale, e.g. "Mar 14, 1990": the same day wherever
 * the reader is, since it names a day and not a moment.
 */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The steps of a relative time, largest first, in seconds. */
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * How long ago a past moment was, in the reader's locale: "just now", "5 minutes ago", "yesterday". A moment a little
 * ahead of this device's clock (a clock set wrong) reads as just now, never "in 2 minutes".
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const secondsAgo = Math.max(0, (now - date.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (secondsAgo >= size) return format.format(-Math.floor(secondsAgo / size), unit);
  }
  return 'just now';
}
