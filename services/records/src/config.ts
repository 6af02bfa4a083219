import { z } from 'zod';
import { baseEnvSchema, durationMs, encryptionEnvSchema } from '@medical-qr/platform';
import { parseLifetime } from './records/record-lifetime.js';

const lifetime = (example: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const ms = parseLifetime(value);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: `must be a duration such as ${example}, 12h, 30m or 5s` });
        return z.NEVER;
      }
      return ms;
    });

export const recordsEnvSchema = baseEnvSchema.extend({
  ...encryptionEnvSchema.shape,
  /** Keys the email index (one free code per email) so the database never holds an email in clear. */
  EMAIL_INDEX_KEY: z.string().min(32, 'must be at least 32 characters of random text'),
  /** How long an anonymous visitor's free code lives. */
  QR_TTL_ANONYMOUS: lifetime('2d').default(2 * 24 * 3600 * 1000),
  /** How long a signed-in free user's code lives. */
  QR_TTL_USER: lifetime('10d').default(10 * 24 * 3600 * 1000),
  /** How often the sweeper looks for codes whose expiry job did not run. */
  EXPIRY_SWEEP_INTERVAL_MS: durationMs.default(60_000),
  /** How long a card's views are kept in its scan log (the owner's history and export), in days. */
  SCAN_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
  /**
   * How long card views (scan log, audit) wait to be written in a batch: what a crash may lose. Longer only in
   * tests that check a clean shutdown writes what is held.
   */
  CARD_VIEW_FLUSH_MS: durationMs.max(300_000).default(200),
});

export type RecordsConfig = z.infer<typeof recordsEnvSchema>;
