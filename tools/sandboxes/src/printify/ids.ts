import { randomBytes } from 'node:crypto';

/** Printify's ids for uploads, products, orders and webhooks: 24 hex digits (MongoDB object ids). */
export const newId = (): string => randomBytes(12).toString('hex');
