import { z } from 'zod';

/** The furthest page a list may ask for; beyond any real account's lists, it keeps offsets small numbers. */
export const MAX_PAGE_NUMBER = 100_000;

/**
 * `?page&limit` of a paged list: page from 1, limit from 1 to `maxLimit` (`defaultLimit` when absent).
 * Every list a service answers over the bus is paged, so no reply can grow with what an account holds.
 */
export function pageQuerySchema(defaultLimit: number, maxLimit: number) {
  const limitMessage = `must be a whole number from 1 to ${maxLimit}`;
  return z.strictObject({
    page: z.coerce
      .number({ error: 'must be a whole number from 1' })
      .int('must be a whole number from 1')
      .min(1, 'must be a whole number from 1')
      .max(MAX_PAGE_NUMBER, `must be at most ${MAX_PAGE_NUMBER}`)
      .default(1),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  });
}

/** What a paged reply says about itself beside its items: the page given, its size, and how many there are in all. */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/*
 * Keyset paging, for lists read to their end while they may grow (a person's export): each page names the sort key
 * of its last item, and the next page starts after it. An entry added meanwhile never moves another from one page
 * to the next, so none is skipped or given twice, as an offset would.
 */

/** The lists of a person's export that grow with the account, and the most items one page of each holds. */
export const EXPORT_PAGE_SIZES = {
  /** A record with every text field full and ten contacts is some tens of kilobytes. */
  records: 10,
  scanLog: 200,
  tags: 200,
  /** An order carries up to ten printed tags. */
  orders: 50,
  consentHistory: 200,
  auditLog: 200,
  /** A link is a label of at most 80 characters, its flags and times. */
  healthLinks: 200,
  /** A reader's name is at most 200 characters. */
  healthLinkAccesses: 200,
  /** A responder's note is up to some 800 characters (name, callback, message, place). */
  familyAlerts: 50,
} as const;
export type ExportSection = keyof typeof EXPORT_PAGE_SIZES;

/** Where the next page starts: the last item's sort key, opaque to whoever passes it back (base64url JSON). */
export const pageCursorSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, 'not a page cursor');

/** One page of a keyset-paged list: at most `maxItems` items, and the cursor of the next page (null on the last). */
export function keysetPageSchema<Section extends string, Item extends z.ZodType>(
  section: Section,
  item: Item,
  maxItems: number,
) {
  return z.object({
    section: z.literal(section),
    items: z.array(item).max(maxItems),
    nextCursor: pageCursorSchema.nullable(),
  });
}

/** A sort key as a cursor: its parts (timestamps as exact text, ids) in order. */
export function encodeCursor(key: readonly (string | number)[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(key));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * The sort key a cursor names, checked against the kinds of its parts (`'string' | 'number'`, in order); undefined for
 * a cursor that is not one of these.
 */
export function decodeCursor<const Kinds extends readonly ('string' | 'number')[]>(
  cursor: string,
  kinds: Kinds,
): { [K in keyof Kinds]: Kinds[K] extends 'number' ? number : string } | undefined {
  let key: unknown;
  try {
    const binary = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    key = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    );
  } catch {
    return undefined;
  }
  if (!Array.isArray(key) || key.length !== kinds.length) return undefined;
  const fits = key.every((part, index) =>
    kinds[index] === 'number' ? Number.isSafeInteger(part) : typeof part === 'string' && part.length <= 100,
  );
  return fits ? (key as never) : undefined;
}

/**
 * A page from rows read with a limit one past the page size: the first `limit` rows, and a cursor after the last of
 * them when there was more (null when this page ends the list).
 */
export function keysetPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly (string | number)[],
  itemOf: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(itemOf),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
