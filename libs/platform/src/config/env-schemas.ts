import { z } from 'zod';

const urlWithProtocol = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${protocols.join(' or ')}// URL, e.g. ${example}`,
    );

export const durationMs = z.coerce.number().int().positive();

/** Variables every process of the system shares. Defaults suit a local machine. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/medical_qr').default(
    'postgres://postgres@127.0.0.1:5432/medical_qr',
  ),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').default('redis://127.0.0.1:6379'),
  /**
   * The copy's namespace: every Redis key (sessions, limits, queues) and every NATS subject, queue
   * group and stream starts with it, so two copies can share one Redis and one NATS server.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]{1,40}$/i, 'letters, digits, ":", "_" or "-", at most 40')
    .default('mqr'),
  NATS_URL: urlWithProtocol(['nats:', 'tls:'], 'nats://127.0.0.1:4222').default('nats://127.0.0.1:4222'),
  /** How long a caller waits for another service before answering 503. */
  NATS_REQUEST_TIMEOUT_MS: durationMs.default(5000),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** Services that hold medical data also need the field-encryption keys. */
export const encryptionEnvSchema = z.object({
  /** Comma-separated `keyId:base64key` pairs, each key 32 bytes. */
  ENCRYPTION_KEYS: z.string().min(1),
  /** Which of ENCRYPTION_KEYS encrypts new data; the others only decrypt. */
  ENCRYPTION_KEY_ID: z.string().min(1),
});
