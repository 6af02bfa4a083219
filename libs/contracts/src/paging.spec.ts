import { FAMILY_ALERT_MESSAGE_MAX, FAMILY_ALERT_NAME_MAX, FAMILY_ALERT_PLACE_MAX } from './family-alerts.js';
import { HEALTH_LINK_RECIPIENT_MAX } from './health-links.js';
import { decodeCursor, encodeCursor, EXPORT_PAGE_SIZES, keysetPage } from './paging.js';

describe('keyset page cursors', () => {
  it('give back the sort key they were made from, microseconds and all', () => {
    const key = ['2026-03-04T05:06:07.123456Z', 9_007_199_254_740_991] as const;
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['string', 'number'])).toEqual([...key]);
    expect(decodeCursor(encodeCursor(['é ✓', 'b2c1']), ['string', 'string'])).toEqual(['é ✓', 'b2c1']);
  });

  it('refuse a cursor of another shape, or none at all', () => {
    const cursor = encodeCursor(['2026-03-04T05:06:07.123456Z', 12]);
    expect(decodeCursor(cursor, ['string', 'string'])).toBeUndefined();
    expect(decodeCursor(cursor, ['string'])).toBeUndefined();
    expect(decodeCursor(encodeCursor(['x', 1.5]), ['string', 'number'])).toBeUndefined();
    expect(decodeCursor(encodeCursor(['x'.repeat(101)]), ['string'])).toBeUndefined();
    for (const garbage of ['', 'not-base64!', 'e30', '____']) expect(decodeCursor(garbage, ['number'])).toBeUndefined();
  });
});

describe('a keyset page', () => {
  const rows = Array.from({ length: 7 }, (_, id) => ({ id }));
  const page = (read: typeof rows, limit: number) =>
    keysetPage(
      read,
      limit,
      (row) => [row.id],
      (row) => row.id,
    );

  it('holds at most its limit, and names the last item it holds when more rows were read', () => {
    const first = page(rows.slice(0, 4), 3);
    expect(first.items).toEqual([0, 1, 2]);
    expect(decodeCursor(first.nextCursor!, ['number'])).toEqual([2]);
  });

  it('is the last when no row past the limit was read', () => {
    expect(page(rows.slice(4, 7), 3)).toEqual({ items: [4, 5, 6], nextCursor: null });
    expect(page([], 3)).toEqual({ items: [], nextCursor: null });
  });

  it('reads every row once when each page starts after the previous cursor', () => {
    const seen: number[] = [];
    let after = -1;
    for (;;) {
      const limit = 2;
      const { items, nextCursor } = page(rows.filter((row) => row.id > after).slice(0, limit + 1), limit);
      seen.push(...items);
      if (nextCursor === null) break;
      after = decodeCursor(nextCursor, ['number'])![0];
    }
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it('sizes stay small enough that no page nears NATS’s 1 MB', () => {
    for (const size of Object.values(EXPORT_PAGE_SIZES)) expect(size).toBeLessThanOrEqual(200);
    // A record is the largest item: every text field full is some 10,000 characters, up to 4 bytes each in UTF-8.
    expect(EXPORT_PAGE_SIZES.records * 10_000 * 4).toBeLessThan(512 * 1024);
    // A family alert's note: a name, a callback number, a message and a place, with room for the rest.
    const alertCharacters = FAMILY_ALERT_NAME_MAX + FAMILY_ALERT_MESSAGE_MAX + FAMILY_ALERT_PLACE_MAX + 300;
    expect(EXPORT_PAGE_SIZES.familyAlerts * alertCharacters * 4).toBeLessThan(512 * 1024);
    expect(EXPORT_PAGE_SIZES.healthLinkAccesses * (HEALTH_LINK_RECIPIENT_MAX + 100) * 4).toBeLessThan(512 * 1024);
  });
});
