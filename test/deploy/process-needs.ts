// What each process of the system needs from a deployment, read from the real configuration schemas:
// shared by the checks of docker-compose.yml, the Dockerfile and the Kubernetes overlays.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseEnvSchema, encryptionEnvSchema } from '@medical-qr/platform';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the deployment files are read from: the repository, or a copy (DEPLOY_FILES_DIR) to try the checks on a change. */
export const FILES = process.env.DEPLOY_FILES_DIR ? `${process.env.DEPLOY_FILES_DIR.replace(/\/$/, '')}/` : ROOT;
export const read = (path: string) => readFileSync(`${FILES}${path}`, 'utf8');

// ---------------------------------------------------------------------------------------------
// What each process needs
// ---------------------------------------------------------------------------------------------

/** Every process: each folder of services/ with a main.ts (five NATS services and the gateway). */
export const PROCESSES = readdirSync(`${ROOT}services`)
  .filter((name) => existsSync(`${ROOT}services/${name}/src/main.ts`))
  .sort();
export const STORES = ['postgres', 'redis', 'nats'] as const;

export type EnvSchema = z.ZodObject<z.ZodRawShape>;

/** Secrets the design gives these processes (DESIGN.md), added to their schema where it does not declare them yet. */
const sessionEnvSchema = z.object({ SESSION_SECRET: z.string().min(1) });
const DESIGNED_SECRETS: Record<string, EnvSchema[]> = {
  identity: [encryptionEnvSchema, sessionEnvSchema],
  records: [encryptionEnvSchema],
  gateway: [sessionEnvSchema],
};

/**
 * Variables whose schema defaults suit only a developer's machine (127.0.0.1, development,
 * the local prefix): a deployment must set them, although the schema does not require them.
 */
export const DEPLOY_MUST_SET = ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'NATS_URL'];
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'ENCRYPTION_KEYS',
  'ENCRYPTION_KEY_ID',
  'SESSION_SECRET',
  'EMAIL_INDEX_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PRINTIFY_API_TOKEN',
  'PRINTIFY_WEBHOOK_SECRET',
  'GOOGLE_CLIENT_SECRET',
];

/** Each provider's credentials go to the one process that uses them, and are optional there (the feature is off). */
export const PROVIDER_SECRETS: Record<string, string[]> = {
  billing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  gateway: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  shop: ['PRINTIFY_API_TOKEN', 'PRINTIFY_WEBHOOK_SECRET'],
};
export const ALL_PROVIDER_SECRETS = Object.values(PROVIDER_SECRETS).flat();

/** A process's own schema: services/<name>/src/config.ts's `...EnvSchema` export when there is one, else the base. */
async function ownSchema(process: string): Promise<EnvSchema> {
  if (process === 'gateway') return gatewayEnvSchema as unknown as EnvSchema;
  if (!existsSync(`${ROOT}services/${process}/src/config.ts`)) return baseEnvSchema as unknown as EnvSchema;
  const module = (await import(`../../services/${process}/src/config.js`)) as Record<string, unknown>;
  const found = Object.entries(module).find(([name, value]) => /EnvSchema$/.test(name) && value instanceof z.ZodObject);
  return (found?.[1] as EnvSchema | undefined) ?? (baseEnvSchema as unknown as EnvSchema);
}

const schemas = new Map<string, EnvSchema>();
/** Reads every process's configuration schema; call from a spec's beforeAll. */
export async function loadProcessSchemas(): Promise<void> {
  for (const process of PROCESSES) {
    let schema = await ownSchema(process);
    for (const extra of DESIGNED_SECRETS[process] ?? []) {
      const undeclared = Object.fromEntries(Object.entries(extra.shape).filter(([key]) => !(key in schema.shape)));
      schema = schema.extend(undeclared) as EnvSchema;
    }
    schemas.set(process, schema);
  }
}

/** Keys of the schema without a default (and not optional), plus the ones a deployment must set. */
export function neededVariables(process: string): string[] {
  const schema = schemas.get(process)!;
  // A deployment must set what the process reads (the gateway reads no DATABASE_URL).
  const mustSet = DEPLOY_MUST_SET.filter((key) => key in schema.shape);
  const withoutDefault = Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
  return [...new Set([...mustSet, ...withoutDefault])].sort();
}

/** The schema's complaints about an environment, by variable name (empty when it starts). */
export function configProblems(process: string, env: Record<string, string>): string[] {
  const result = schemas.get(process)!.safeParse(env);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
