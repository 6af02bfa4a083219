import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@medical-qr/platform';
import type { PortSetting, ProviderDescriptor } from './provider-descriptor.js';
import { PROVIDERS } from './providers.js';

/** The HTTP server every stand-in mounts its routes on. */
export const HTTP_PORT: PortSetting = { variable: 'SANDBOX_HTTP_PORT', defaultPort: 4100 };

const PORT_MESSAGE = 'a port number from 0 to 65535 (0 picks a free one)';
const port = z.coerce.number(PORT_MESSAGE).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE);

function providerNames(catalog: readonly ProviderDescriptor[]) {
  const known = catalog.map((provider) => provider.name);
  return z
    .string()
    .default(known.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine((names) => names.every((name) => known.includes(name)), `a comma-separated list of ${known.join(', ')}`);
}

/**
 * The sandbox process's variables: its own, plus every port and setting the catalog's stand-ins declare. Defaults
 * suit a local machine; port 0 asks the kernel for a free one.
 */
export function sandboxEnvSchema(catalog: readonly ProviderDescriptor[] = PROVIDERS) {
  const declared: Record<string, z.ZodType> = { [HTTP_PORT.variable]: port.default(HTTP_PORT.defaultPort) };
  for (const provider of catalog) {
    for (const { variable, defaultPort } of Object.values(provider.ports))
      declared[variable] = port.default(defaultPort);
    for (const { variable, defaultValue } of Object.values(provider.settings)) {
      declared[variable] = z.string().trim().min(1).default(defaultValue);
    }
  }
  return baseEnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true }).extend({
    SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** Comma-separated stand-ins to run; the launcher leaves out providers that are configured for real. */
    SANDBOX_PROVIDERS: providerNames(catalog),
    /** The product's own address (the gateway), for stand-ins that call it: webhooks and the like. */
    SANDBOX_PRODUCT_URL: z
      .url({ protocol: /^https?$/, error: 'an http:// or https:// URL, e.g. http://127.0.0.1:3000' })
      .optional(),
    ...declared,
  });
}

export interface SandboxConfig {
  host: string;
  /** 0 picks a free port; the running server reports the real one. */
  httpPort: number;
  /** The stand-ins to run. */
  providers: readonly ProviderDescriptor[];
  /** Every port the catalog's stand-ins declare, by variable (SANDBOX_SMTP_PORT: 2525). */
  ports: Readonly<Record<string, number>>;
  /** Every setting they declare, by variable (SANDBOX_GOOGLE_CLIENT_ID: ...). */
  settings: Readonly<Record<string, string>>;
  productUrl: string | undefined;
  logLevel: z.infer<typeof baseEnvSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof baseEnvSchema>['NODE_ENV'];
}

/** Reads the environment (throws ConfigError naming every bad variable). */
export function loadSandboxConfig(
  env: NodeJS.ProcessEnv = process.env,
  catalog: readonly ProviderDescriptor[] = PROVIDERS,
): SandboxConfig {
  const parsed = loadConfig(sandboxEnvSchema(catalog), env) as Record<string, unknown>;
  const names = new Set(parsed.SANDBOX_PROVIDERS as string[]);
  const byVariable = <T>(kind: 'ports' | 'settings') =>
    Object.fromEntries(
      catalog.flatMap((provider) =>
        Object.values(provider[kind]).map(({ variable }) => [variable, parsed[variable] as T]),
      ),
    );
  return {
    host: parsed.SANDBOX_HOST as string,
    httpPort: parsed[HTTP_PORT.variable] as number,
    providers: catalog.filter((provider) => names.has(provider.name)),
    ports: byVariable<number>('ports'),
    settings: byVariable<string>('settings'),
    productUrl: parsed.SANDBOX_PRODUCT_URL as string | undefined,
    logLevel: parsed.LOG_LEVEL as SandboxConfig['logLevel'],
    nodeEnv: parsed.NODE_ENV as SandboxConfig['nodeEnv'],
  };
}

const REAL_VARIABLES = [...new Set(PROVIDERS.flatMap((provider) => provider.realVariables))];

export const PRODUCTION_REFUSAL =
  'the provider stand-ins accept any credentials and keep mail in memory; they are for local runs and tests only. ' +
  `In production set the real provider variables (${REAL_VARIABLES.join(', ')}) and do not run tools/sandboxes.`;
