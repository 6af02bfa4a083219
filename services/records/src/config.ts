import { z } from 'zod';
import {
  FACTS_CHECK_DUE_DAYS,
  FAMILY_ALERT_ESCALATE_DEFAULT_MS,
  HEALTH_LINK_LOCATION_TTL_DEFAULT_MS,
} from '@medical-qr/contracts';
import { baseEnvSchema, durationMs, encryptionEnvSchema, smsEnvSchema } from '@medical-qr/platform';
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

export const recordsEnvSchema = baseEnvSchema
  .extend({
    ...encryptionEnvSchema.shape,
    /** Texts to a person's emergency contacts (Twilio): all three of account, token and number, or none (texts off). */
    ...smsEnvSchema.shape,
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
    /** After this many days without a check of a code's facts (a save, or a confirmation), its owner is mailed once. */
    FACTS_REMINDER_DAYS: z.coerce.number().int().min(1).max(3650).default(FACTS_CHECK_DUE_DAYS),
    /** Unacknowledged this long, a family alert's contacts are texted once more and its owner sees it unanswered. */
    FAMILY_ALERT_ESCALATE_MS: durationMs.default(FAMILY_ALERT_ESCALATE_DEFAULT_MS),
    /** How often the SMS sweep queues texts that lost their job and escalates overdue alerts. */
    SMS_SWEEP_INTERVAL_MS: durationMs.default(60_000),
    /** How long a sent text (its number and words, encrypted) is kept, in days. */
    SMS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * The country a contact's number is read in when written without its country code (ISO 3166, e.g. GB); the owner's
     * form asks for the code.
     */
    SMS_DEFAULT_REGION: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US or GB')
      .default('US'),
    /** How long a manifest's `location` URL works (an hour at most, as SMART Health Links requires). */
    HEALTH_LINK_LOCATION_TTL_MS: durationMs
      .max(HEALTH_LINK_LOCATION_TTL_DEFAULT_MS)
      .default(HEALTH_LINK_LOCATION_TTL_DEFAULT_MS),
    /**
     * Argon2id hashes of health links' passcodes computed at once. Each holds 19 MiB outside the heap while it runs;
     * two keep records within its pod's limit (k8s: 448Mi, heap bound 336Mi). A link takes 10 wrong passcodes in its
     * life, so guessing cannot make records hash without end.
     */
    PASSCODE_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** How often the reminder sweep looks for codes past FACTS_REMINDER_DAYS. */
    FACTS_REMINDER_SWEEP_INTERVAL_MS: durationMs.default(24 * 3600 * 1000),
    /**
     * Base of the link in a reminder mail, as the gateway's own (links in mails never follow a request's Host); the
     * gateway's http://localhost:PORT when unset (never in production: see below).
     */
    PUBLIC_BASE_URL: z.url().optional(),
    /** The gateway's port, for that link on a local run without PUBLIC_BASE_URL. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message: 'is required in production: reminder mails link to the app there',
      });
    }
  });

/** Where links in mails records asks for point: PUBLIC_BASE_URL, else the local gateway. */
export function appUrlOf(config: Pick<RecordsConfig, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export type RecordsConfig = z.infer<typeof recordsEnvSchema>;
