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
