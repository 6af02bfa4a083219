import { z } from 'zod';

/**
 * The body of a billing action that takes no input: nothing, or `{}`. Anything more is a 400 naming the
 * unexpected field, so a client that thinks it is choosing something (a price, a user) learns it is not.
 */
export const emptyBodySchema = z.strictObject({});
export type EmptyBody = z.infer<typeof emptyBodySchema>;
