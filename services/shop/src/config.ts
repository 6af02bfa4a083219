import { z } from 'zod';
import { baseEnvSchema, durationMs, encryptionEnvSchema } from '@medical-qr/platform';

/** An unset variable and an empty one (compose's `${PRINTIFY_API_TOKEN:-}`) both mean "not configured". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const shopEnvSchema = baseEnvSchema
  .extend({
    /** Seals buyers' names, emails and addresses at rest. */
    ...encryptionEnvSchema.shape,
    /** Printify's personal access token (Bearer). Unset: the shop answers that the print shop is not available. */
    PRINTIFY_API_TOKEN: optional(z.string().trim().min(1)),
    /** The Printify shop that products and orders are made in. */
    PRINTIFY_SHOP_ID: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, 'must be the numeric id of a Printify shop'),
    ),
    /** Printify's API origin; the local Printify stand-in in development and tests. Calls go to `${url}/v1/...`. */
    PRINTIFY_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. https://api.printify.com' })
      .trim()
      .default('https://api.printify.com'),
    /**
     * The secret Printify signs its order webhooks with (X-Pfy-Signature): ours to choose, given to Printify when the
     * shop registers its webhooks. Unset: no webhook is registered or accepted, and the sync sweep alone follows orders.
     */
    PRINTIFY_WEBHOOK_SECRET: optional(
      z
        .string()
        .trim()
        .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
        .max(255, 'must be at most 255 characters (Printify keeps no longer secret)'),
    ),
    /** Where Printify sends them: the gateway's public https://HOST/api/printify/webhook. */
    PRINTIFY_WEBHOOK_URL: optional(
      z
        .url({
          protocol: /^https?$/,
          error: 'must be an http:// or https:// URL, e.g. https://HOST/api/printify/webhook',
        })
        .trim()
        .refine(
          (url) => new URL(url).pathname.replace(/\/+$/, '').endsWith('/api/printify/webhook'),
          "must be the gateway's /api/printify/webhook, e.g. https://HOST/api/printify/webhook",
        ),
    ),
    /** How long Printify's catalog answers (blueprints, providers, variants, shipping) are reused from Redis. */
    CATALOG_CACHE_TTL_MS: durationMs.default(6 * 3600 * 1000),
    /** How long one call to Printify may take before the user is told it is not answering. */
    PRINTIFY_TIMEOUT_MS: durationMs.default(15_000),
    /** How often open orders are synced with Printify. */
    ORDER_SYNC_INTERVAL_MS: durationMs.default(10 * 60 * 1000),
    /** How often preview products left behind (a closed tab) are removed from Printify. */
    MOCKUP_CLEANUP_INTERVAL_MS: durationMs.default(3600 * 1000),
    /** How old an untagged preview product is before the cleanup job removes it. */
    MOCKUP_MAX_AGE_MS: durationMs.default(6 * 3600 * 1000),
  })
  .superRefine((config, ctx) => {
    // Printify's events cross the internet; only the local stand-in calls a plain http address.
    if (config.NODE_ENV === 'production' && config.PRINTIFY_WEBHOOK_URL?.startsWith('http:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PRINTIFY_WEBHOOK_URL'],
        message: 'must be an https:// URL in production',
      });
    }
  });

export type ShopConfig = z.infer<typeof shopEnvSchema>;
