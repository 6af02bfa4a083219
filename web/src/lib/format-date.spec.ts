import { formatTimeAgo } from './format-date';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('formatTimeAgo', () => {
  it('says how long ago, in the largest whole unit that fits', () => {
    expect(formatTimeAgo(ago(20_000), NOW)).toBe('just now');
    expect(formatTimeAgo(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(59 * MINUTE), NOW)).toBe('59 minutes ago');
    expect(formatTimeAgo(ago(90 * MINUTE), NOW)).toBe('1 hour ago');
    expect(formatTimeAgo(ago(30 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(formatTimeAgo(ago(3 * 24 * 60 * MINUTE), NOW)).toBe('3 days ago');
    expect(formatTimeAgo(ago(15 * 24 * 60 * MINUTE), NOW)).toBe('2 weeks ago');
  });

  it('reads a moment ahead of this clock as just now, and an unreadable one as it came', () => {
    expect(formatTimeAgo(ago(-5 * MINUTE), NOW)).toBe('just now');
    expect(formatTimeAgo('not a date', NOW)).toBe('not a date');
  });
});
