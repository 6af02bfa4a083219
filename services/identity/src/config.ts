import { z } from 'zod';
import { baseEnvSchema, encryptionEnvSchema } from '@medical-qr/platform';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const identityEnvSchema = baseEnvSchema.extend({
  ...encryptionEnvSchema.shape,
  /** Outgoing mail; `npm start` points it at the local SMTP catcher when unset there. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587'),
  MAIL_FROM: z.string().min(3).default('Medical QR <no-reply@medicalqr.local>'),
  /** Keys the email index accounts are found by (the emails themselves are encrypted); keep it, or no one signs in. */
  EMAIL_INDEX_KEY: z.string().min(32, 'must be at least 32 characters of random text'),
  /** When true, new accounts must follow the emailed link before signing in. */
  EMAIL_VERIFICATION: flag.default(true),
  /** When true, a seeded demo account can sign in without a password (local and test runs only). */
  DEMO_LOGIN: flag.default(false),
  /** Concurrent password hashes per process: each takes 19 MiB and a core for tens of ms. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
});

export type IdentityConfig = z.infer<typeof identityEnvSchema>;
