import type Stripe from 'stripe';
import { invalidRequest } from './errors.js';
import type { Params } from './params.js';

/** The pagination parameters every list endpoint takes. */
export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const;

/**
 * One page of a list, newest first, as Stripe pages: `limit` (1-100, default 10), then `starting_after` or
 * `ending_before` an object's id.
 */
export function page<T extends { id: string }>(newestFirst: T[], params: Params, url: string): Stripe.ApiList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  if (after && before) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.');
  }
  const cursor = after ?? before;
  if (cursor !== undefined) {
    const index = newestFirst.findIndex((item) => item.id === cursor);
    if (index < 0) {
      throw invalidRequest(
        `No such object: '${cursor}'`,
        after ? 'starting_after' : 'ending_before',
        'resource_missing',
      );
    }
    if (after) {
      const rest = newestFirst.slice(index + 1);
      return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
    }
    const earlier = newestFirst.slice(0, index);
    return {
      object: 'list',
      data: earlier.slice(Math.max(0, earlier.length - limit)),
      has_more: earlier.length > limit,
      url,
    };
  }
  return { object: 'list', data: newestFirst.slice(0, limit), has_more: newestFirst.length > limit, url };
}
