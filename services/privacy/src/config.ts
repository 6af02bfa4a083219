import { z } from 'zod';
import { baseEnvSchema, encryptionEnvSchema } from '@medical-qr/platform';

export const privacyEnvSchema = baseEnvSchema.extend({
  /** Seals the emails the audit log keeps (who signed in, who asked for a reset). */
  ...encryptionEnvSchema.shape,
  /** Keys the index a person's audit entries are found by, from their email (the same key identity uses). */
  EMAIL_INDEX_KEY: z.string().min(32, 'must be at least 32 characters of random text'),
});

export type PrivacyConfig = z.infer<typeof privacyEnvSchema>;
