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

/** One URL, or several separated by commas, each with one of the protocols; the message names the bad one. */
const urlListWithProtocol = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      for (const url of value.split(',').map((part) => part.trim())) {
        if (!URL.canParse(url) || !protocols.includes(new URL(url).protocol)) {
          const which = value.includes(',') ? ` ("${url.slice(0, 60)}" is not)` : '';
          ctx.addIssue({
            code: 'custom',
            message: `must be a ${protocols.join(' or ')}// URL${which}, e.g. ${example}`,
          });
        }
      }
    });

export const durationMs = z.coerce.number().int().positive();

/** Variables every process of the system shares. Defaults suit a local machine. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * An OpenTelemetry collector's OTLP/HTTP address (spans go to its /v1/traces): unset, nothing is traced. A request's
   * trace runs from the gateway over NATS into every service it asks (docs/deployment.md, "Traces").
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocol(['http:', 'https:'], 'http://otel-collector:4318').optional(),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/medical_qr').default(
    'postgres://postgres@127.0.0.1:5432/medical_qr',
  ),
  /**
   * Where migrations run, as the role that owns the service's schema, over a direct connection (not a transaction-mode
   * pooler, which cannot hold the migration lock). DATABASE_URL's role is then granted only reading and writing the
   * schema's tables. Unset: migrations run over DATABASE_URL, as that role.
   */
  DATABASE_MIGRATION_URL: urlWithProtocol(
    ['postgres:', 'postgresql:'],
    'postgres://migrator@db:5432/medical_qr',
  ).optional(),
  /** Connections this process's pool may hold (the sizing table in docs/deployment.md budgets them). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a starting process waits for another replica's migrations before it gives up and exits. */
  MIGRATION_LOCK_WAIT_MS: durationMs.default(90_000),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').default('redis://127.0.0.1:6379'),
  /**
   * The copy's namespace: every Redis key (sessions, limits, queues) and every NATS subject, queue
   * group and stream starts with it, so two copies can share one Redis and one NATS server.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]{1,40}$/i, 'letters, digits, ":", "_" or "-", at most 40')
    .default('mqr'),
  /** The NATS server, or a comma-separated list of a cluster's seed servers (the client learns the rest from them). */
  NATS_URL: urlListWithProtocol(['nats:', 'tls:'], 'nats://127.0.0.1:4222').default('nats://127.0.0.1:4222'),
  /** Copies of each event stream: 1 on a single server, 3 on a production JetStream cluster. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The most one event stream holds, in bytes (default 1 GiB); a full stream refuses new events. */
  NATS_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(1024 ** 3),
  /** How long a caller waits for another service before answering 503. */
  NATS_REQUEST_TIMEOUT_MS: durationMs.default(5000),
  /**
   * This process's own NATS user and password. NATS permissions (see nats/bus-permissions) let each
   * user publish and subscribe only to what its process owns or calls. Required in production.
   */
  NATS_USER: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i, 'letters, digits, "_" or "-", at most 40')
    .optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** PEM file of the CA that signed NATS's certificate, to verify it over a tls:// NATS_URL. */
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  /** Port of this process's metrics and probe server (/metrics, /livez, /readyz); unset = no such server. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics server listens on: loopback locally, 0.0.0.0 in a container. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * How long a queued job's lock lasts without its worker renewing it (every half of it). A worker that died mid-job
   * leaves its lock to lapse: the job is then run again, within about twice this.
   */
  QUEUE_JOB_LOCK_MS: durationMs.min(1000).default(30_000),
  /** How long a stopping process may finish work in hand before it exits anyway (with code 1). */
  SHUTDOWN_TIMEOUT_MS: durationMs.default(20000),
});

/** Rules across variables of the base schema (a refinement would stop services extending it). */
export function baseEnvProblems(config: Partial<BaseEnv>): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  if (Boolean(config.NATS_USER) !== Boolean(config.NATS_PASSWORD)) {
    const missing = config.NATS_USER ? 'NATS_PASSWORD' : 'NATS_USER';
    problems.push({ variable: missing, message: 'is required when the other of NATS_USER and NATS_PASSWORD is set' });
  }
  if (config.NODE_ENV === 'production' && !config.NATS_USER && !config.NATS_PASSWORD) {
    problems.push({
      variable: 'NATS_USER',
      message: 'and NATS_PASSWORD are required in production: every process signs in to NATS as itself',
    });
  }
  return problems;
}

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** What only a process that owns tables needs: a process without (the gateway) omits them from its schema. */
export const DATABASE_VARIABLES = {
  DATABASE_URL: true,
  DATABASE_MIGRATION_URL: true,
  DATABASE_POOL_MAX: true,
  MIGRATION_LOCK_WAIT_MS: true,
} as const;

/** The settings every process has, whether or not it holds database credentials. */
export type ProcessEnv = Omit<BaseEnv, keyof typeof DATABASE_VARIABLES>;

/** Services that hold medical data also need the field-encryption keys. */
export const encryptionEnvSchema = z.object({
  /** Comma-separated `keyId:base64key` pairs, each key 32 bytes. */
  ENCRYPTION_KEYS: z.string().min(1),
  /** Which of ENCRYPTION_KEYS encrypts new data; the others only decrypt. */
  ENCRYPTION_KEY_ID: z.string().min(1),
});
