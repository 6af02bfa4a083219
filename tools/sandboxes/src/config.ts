import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@medical-qr/platform';

/** The providers this package stands in for. Later steps add stripe and printify. */
export const SANDBOX_PROVIDERS = ['smtp', 'google'] as const;
export type SandboxProvider = (typeof SANDBOX_PROVIDERS)[number];

const PORT_MESSAGE = 'a port number from 0 to 65535 (0 picks a free one)';
const port = z.coerce.number(PORT_MESSAGE).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE);

/** The sandbox process's variables. Defaults suit a local machine; port 0 asks the kernel for a free one. */
export const sandboxEnvSchema = baseEnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true }).extend({
  SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SANDBOX_HTTP_PORT: port.default(4100),
  SANDBOX_SMTP_PORT: port.default(2525),
  /** Comma-separated stand-ins to run; the launcher leaves out providers that are configured for real. */
  SANDBOX_PROVIDERS: z
    .string()
    .default(SANDBOX_PROVIDERS.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine(
      (names) => names.every((name) => (SANDBOX_PROVIDERS as readonly string[]).includes(name)),
      `a comma-separated list of ${SANDBOX_PROVIDERS.join(', ')}`,
    )
    .transform((names) => names as SandboxProvider[]),
  SANDBOX_GOOGLE_CLIENT_ID: z.string().trim().min(1).default('local-google-client'),
  SANDBOX_GOOGLE_CLIENT_SECRET: z.string().trim().min(1).default('local-google-secret'),
});

export interface SandboxConfig {
  host: string;
  /** 0 picks a free port; the running server reports the real one. */
  httpPort: number;
  smtpPort: number;
  providers: readonly SandboxProvider[];
  google: { clientId: string; clientSecret: string };
  logLevel: z.infer<typeof sandboxEnvSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof sandboxEnvSchema>['NODE_ENV'];
}

/** Reads the environment (throws ConfigError naming every bad variable). */
export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = loadConfig(sandboxEnvSchema, env);
  return {
    host: parsed.SANDBOX_HOST,
    httpPort: parsed.SANDBOX_HTTP_PORT,
    smtpPort: parsed.SANDBOX_SMTP_PORT,
    providers: [...new Set(parsed.SANDBOX_PROVIDERS)],
    google: { clientId: parsed.SANDBOX_GOOGLE_CLIENT_ID, clientSecret: parsed.SANDBOX_GOOGLE_CLIENT_SECRET },
    logLevel: parsed.LOG_LEVEL,
    nodeEnv: parsed.NODE_ENV,
  };
}

export const PRODUCTION_REFUSAL =
  'the provider stand-ins accept any credentials and keep mail in memory; they are for local runs and tests only. ' +
  'In production set the real provider variables (SMTP_URL, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and do not run tools/sandboxes.';
