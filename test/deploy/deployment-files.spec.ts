// The deployment files (Dockerfile, docker-compose.yml, k8s/) read as a user's tools would, and
// checked for what a user would notice if they were wrong: a process missing, a variable a
// process needs but does not get, a probe on the wrong port, a selector that matches nothing.
// The variables each process needs come from the real configuration schemas.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { baseEnvSchema, encryptionEnvSchema } from '@medical-qr/platform';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the deployment files are read from: the repository, or a copy (DEPLOY_FILES_DIR) to try the checks on a change. */
const FILES = process.env.DEPLOY_FILES_DIR ? `${process.env.DEPLOY_FILES_DIR.replace(/\/$/, '')}/` : ROOT;
const read = (path: string) => readFileSync(`${FILES}${path}`, 'utf8');

// ---------------------------------------------------------------------------------------------
// What each process needs
// ---------------------------------------------------------------------------------------------

/** Every process: each folder of services/ with a main.ts (five NATS services and the gateway). */
const PROCESSES = readdirSync(`${ROOT}services`)
  .filter((name) => existsSync(`${ROOT}services/${name}/src/main.ts`))
  .sort();
const STORES = ['postgres', 'redis', 'nats'] as const;

type EnvSchema = z.ZodObject<z.ZodRawShape>;

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
const DEPLOY_MUST_SET = ['NODE_ENV', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'NATS_URL'];
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'ENCRYPTION_KEYS',
  'ENCRYPTION_KEY_ID',
  'SESSION_SECRET',
  'EMAIL_INDEX_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PRINTIFY_API_TOKEN',
  'PRINTIFY_WEBHOOK_SECRET',
];

/** Each provider's credentials go to the one process that uses them, and are optional there (the feature is off). */
const PROVIDER_SECRETS: Record<string, string[]> = {
  billing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  shop: ['PRINTIFY_API_TOKEN', 'PRINTIFY_WEBHOOK_SECRET'],
};
const ALL_PROVIDER_SECRETS = Object.values(PROVIDER_SECRETS).flat();

/** A process's own schema: services/<name>/src/config.ts's `...EnvSchema` export when there is one, else the base. */
async function ownSchema(process: string): Promise<EnvSchema> {
  if (process === 'gateway') return gatewayEnvSchema as unknown as EnvSchema;
  if (!existsSync(`${ROOT}services/${process}/src/config.ts`)) return baseEnvSchema as unknown as EnvSchema;
  const module = (await import(`../../services/${process}/src/config.js`)) as Record<string, unknown>;
  const found = Object.entries(module).find(([name, value]) => /EnvSchema$/.test(name) && value instanceof z.ZodObject);
  return (found?.[1] as EnvSchema | undefined) ?? (baseEnvSchema as unknown as EnvSchema);
}

const schemas = new Map<string, EnvSchema>();
beforeAll(async () => {
  for (const process of PROCESSES) {
    let schema = await ownSchema(process);
    for (const extra of DESIGNED_SECRETS[process] ?? []) {
      const undeclared = Object.fromEntries(Object.entries(extra.shape).filter(([key]) => !(key in schema.shape)));
      schema = schema.extend(undeclared) as EnvSchema;
    }
    schemas.set(process, schema);
  }
});

/** Keys of the schema without a default (and not optional), plus the ones a deployment must set. */
function neededVariables(process: string): string[] {
  const schema = schemas.get(process)!;
  const withoutDefault = Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
  return [...new Set([...DEPLOY_MUST_SET, ...withoutDefault])].sort();
}

/** The schema's complaints about an environment, by variable name (empty when it starts). */
function configProblems(process: string, env: Record<string, string>): string[] {
  const result = schemas.get(process)!.safeParse(env);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------

type ComposeService = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  command?: string | string[];
  volumes?: (string | { source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  restart?: string;
  stop_grace_period?: string;
  user?: string;
};
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};

/** Values a user would set; compose interpolates `${NAME}`, `${NAME:-default}` and `${NAME:?error}`. */
const USER_VARIABLES: Record<string, string> = {
  POSTGRES_PASSWORD: 'Pw0rdForTests',
  ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  ENCRYPTION_KEY_ID: 'k1',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  EMAIL_INDEX_KEY: randomBytes(32).toString('base64url'),
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_forComposeTests',
  STRIPE_WEBHOOK_SECRET: 'whsec_forComposeTests',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_forComposeTests',
  PRINTIFY_API_TOKEN: 'printify-token-for-compose-tests',
  PRINTIFY_SHOP_ID: '12345678',
  PRINTIFY_WEBHOOK_SECRET: 'printify-webhook-secret-for-compose-tests',
  PRINTIFY_WEBHOOK_URL: 'https://qr.example.org/api/printify/webhook',
  PRINTIFY_IMAGE_HOSTS: 'https://images.printify.com',
};

function interpolate(text: string, variables: Record<string, string | undefined>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (_match, name: string, colon: string, operator: string, argument: string) => {
      const value = variables[name];
      const unset = value === undefined || (colon === ':' && value === '');
      if (operator === '-') return unset ? argument : value!;
      if (operator === '?') {
        if (unset) throw new Error(`required variable ${name} is missing a value: ${argument}`);
        return value!;
      }
      return value ?? '';
    },
  );
}

/** The environment a compose service's container gets (unset pass-through variables left out). */
function composeEnvironment(service: string, variables: Record<string, string | undefined> = USER_VARIABLES) {
  const raw = compose.services[service]?.environment ?? {};
  const entries: [string, string | null][] = Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? null : String(value)]);
  const env: Record<string, string> = {};
  for (const [key, value] of entries) {
    const resolved = value === null ? variables[key] : interpolate(value, variables);
    if (resolved !== undefined) env[key] = resolved;
  }
  return env;
}

function rawComposeValue(service: string, key: string): string | undefined {
  const raw = compose.services[service]?.environment;
  if (!raw || Array.isArray(raw)) return raw?.find((line) => line.startsWith(`${key}=`))?.slice(key.length + 1);
  return raw[key] == null ? undefined : String(raw[key]);
}

const commandText = (command: string | string[] | undefined) =>
  Array.isArray(command) ? command.join(' ') : (command ?? '');

describe('docker-compose.yml', () => {
  it('knows the six processes (the list these checks run over)', () => {
    expect(PROCESSES).toEqual(['billing', 'gateway', 'identity', 'privacy', 'records', 'shop']);
  });

  it.each(PROCESSES)('runs %s, built from the root Dockerfile with its SERVICE', (process) => {
    const service = compose.services[process];
    expect({ process, defined: Boolean(service) }).toEqual({ process, defined: true });
    const build = typeof service!.build === 'string' ? { context: service!.build } : service!.build;
    expect({ process, context: build?.context, dockerfile: build?.dockerfile ?? 'Dockerfile' }).toEqual({
      process,
      context: '.',
      dockerfile: 'Dockerfile',
    });
    expect({ process, SERVICE: build?.args?.SERVICE }).toEqual({ process, SERVICE: process });
  });

  it.each(PROCESSES)('gives %s every variable it needs', (process) => {
    const env = composeEnvironment(process);
    const missing = neededVariables(process).filter((key) => env[key] === undefined || env[key] === '');
    expect({ process, missing }).toEqual({ process, missing: [] });
  });

  it.each(PROCESSES)('gives %s an environment its configuration accepts, in production mode', (process) => {
    const env = composeEnvironment(process);
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, NODE_ENV: env.NODE_ENV }).toEqual({ process, NODE_ENV: 'production' });
  });

  it.each(PROCESSES)('points %s at the compose stores by their service names', (process) => {
    const env = composeEnvironment(process);
    const hosts = {
      DATABASE_URL: new URL(env.DATABASE_URL!).hostname,
      REDIS_URL: new URL(env.REDIS_URL!).hostname,
      NATS_URL: new URL(env.NATS_URL!).hostname,
    };
    expect({ process, hosts }).toEqual({
      process,
      hosts: { DATABASE_URL: 'postgres', REDIS_URL: 'redis', NATS_URL: 'nats' },
    });
  });

  it('takes every secret from a required variable, and stops naming it when it is unset', () => {
    const checked: string[] = [];
    for (const process of PROCESSES) {
      for (const secret of ['ENCRYPTION_KEYS', 'ENCRYPTION_KEY_ID', 'SESSION_SECRET', 'EMAIL_INDEX_KEY']) {
        if (!neededVariables(process).includes(secret)) continue;
        expect({ process, secret, value: rawComposeValue(process, secret) }).toEqual({
          process,
          secret,
          value: expect.stringMatching(new RegExp(`^\\$\\{${secret}:\\?.+\\}$`)),
        });
        const { [secret]: _left, ...without } = USER_VARIABLES;
        expect(() => composeEnvironment(process, without)).toThrow(secret);
        checked.push(`${process}:${secret}`);
      }
      // The database password is the one secret inside DATABASE_URL.
      expect(rawComposeValue(process, 'DATABASE_URL')).toMatch(/\$\{POSTGRES_PASSWORD:\?[^}]+\}/);
      const { POSTGRES_PASSWORD: _password, ...withoutPassword } = USER_VARIABLES;
      expect(() => composeEnvironment(process, withoutPassword)).toThrow('POSTGRES_PASSWORD');
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'identity:ENCRYPTION_KEYS',
        'records:ENCRYPTION_KEYS',
        'identity:SESSION_SECRET',
        'gateway:SESSION_SECRET',
        'records:EMAIL_INDEX_KEY',
      ]),
    );
  });

  it.each(PROCESSES)("gives %s only its own providers' credentials, and starts it without them", (process) => {
    const given = ALL_PROVIDER_SECRETS.filter((key) => composeEnvironment(process)[key] !== undefined);
    expect({ process, given }).toEqual({ process, given: PROVIDER_SECRETS[process] ?? [] });
    const without = Object.fromEntries(
      Object.entries(USER_VARIABLES).filter(([key]) => !ALL_PROVIDER_SECRETS.includes(key)),
    );
    expect({ process, problems: configProblems(process, composeEnvironment(process, without)) }).toEqual({
      process,
      problems: [],
    });
  });

  it('passes the print shop settings through to the shop and the image hosts to the gateway', () => {
    expect(composeEnvironment('shop')).toMatchObject({
      PRINTIFY_SHOP_ID: USER_VARIABLES.PRINTIFY_SHOP_ID,
      PRINTIFY_WEBHOOK_URL: USER_VARIABLES.PRINTIFY_WEBHOOK_URL,
    });
    expect(composeEnvironment('gateway').PRINTIFY_IMAGE_HOSTS).toBe(USER_VARIABLES.PRINTIFY_IMAGE_HOSTS);
    // Unset in the shell: not set in the container either, so the gateway keeps Printify's hosts.
    const { PRINTIFY_IMAGE_HOSTS: _hosts, ...without } = USER_VARIABLES;
    expect(composeEnvironment('gateway', without)).not.toHaveProperty('PRINTIFY_IMAGE_HOSTS');
  });

  it('runs PostgreSQL 16+ on a volume, with a pg_isready health check', () => {
    const postgres = compose.services.postgres!;
    expect(Number(/^postgres:(\d+)/.exec(postgres.image ?? '')?.[1])).toBeGreaterThanOrEqual(16);
    expect(commandText(postgres.healthcheck?.test)).toContain('pg_isready');
    const volumes = (postgres.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(volumes.some((v) => /^[\w-]+:\/var\/lib\/postgresql(\/data)?$/.test(v))).toBe(true);
    const env = composeEnvironment('postgres');
    const url = new URL(composeEnvironment('gateway').DATABASE_URL!);
    // The services log in with what the server was created with.
    expect({ user: url.username, password: url.password, db: url.pathname.slice(1) }).toEqual({
      user: env.POSTGRES_USER,
      password: env.POSTGRES_PASSWORD,
      db: env.POSTGRES_DB,
    });
  });

  it('runs Redis 7 with a ping health check', () => {
    const redis = compose.services.redis!;
    expect(redis.image).toMatch(/^redis:7/);
    expect(commandText(redis.healthcheck?.test)).toMatch(/redis-cli.*ping/i);
  });

  it('runs NATS 2.10+ with JetStream and a health check on its monitoring port', () => {
    const nats = compose.services.nats!;
    const [major, minor] = (/^nats:(\d+)\.(\d+)/.exec(nats.image ?? '') ?? []).slice(1).map(Number);
    expect(major! * 100 + minor!).toBeGreaterThanOrEqual(210);
    const command = commandText(nats.command);
    expect(command).toMatch(/(^|\s)(-js|--jetstream)(\s|$)/);
    expect(command).toMatch(/(-m|--http_port)\s+8222/);
    const test = commandText(nats.healthcheck?.test);
    expect(test).toContain(':8222/healthz');
  });

  it.each(PROCESSES)('starts %s only once every store answers its health check', (process) => {
    const dependsOn = compose.services[process]!.depends_on;
    const conditions = Object.fromEntries(
      STORES.map((store) => [store, Array.isArray(dependsOn) ? 'service_started' : dependsOn?.[store]?.condition]),
    );
    expect({ process, conditions }).toEqual({
      process,
      conditions: { postgres: 'service_healthy', redis: 'service_healthy', nats: 'service_healthy' },
    });
    for (const store of STORES) {
      expect({ store, healthcheck: Boolean(compose.services[store]?.healthcheck?.test) }).toEqual({
        store,
        healthcheck: true,
      });
    }
  });

  it.each(PROCESSES)('restarts %s unless stopped, gives it 20 s to stop, and never runs it as root', (process) => {
    const service = compose.services[process]!;
    expect({ process, restart: service.restart, stop: service.stop_grace_period }).toEqual({
      process,
      restart: 'unless-stopped',
      stop: '20s',
    });
    expect(['root', '0', '0:0']).not.toContain(service.user);
  });

  it('publishes the gateway on ${PORT:-3000}, reaching the port the gateway listens on', () => {
    const ports = compose.services.gateway!.ports ?? [];
    expect(ports).toEqual(['${PORT:-3000}:3000']);
    const listening = gatewayEnvSchema.parse(composeEnvironment('gateway')).PORT;
    expect(listening).toBe(3000);
    for (const process of PROCESSES.filter((p) => p !== 'gateway')) {
      expect({ process, ports: compose.services[process]!.ports }).toEqual({ process, ports: undefined });
    }
  });

  it('declares every named volume it mounts', () => {
    const named = Object.values(compose.services)
      .flatMap((service) => service.volumes ?? [])
      .map((v) => (typeof v === 'string' ? v.split(':')[0]! : (v.source ?? '')))
      .filter((source) => /^[\w-]+$/.test(source));
    expect(named.length).toBeGreaterThan(0);
    for (const volume of named) expect(Object.keys(compose.volumes ?? {})).toContain(volume);
  });
});

// ---------------------------------------------------------------------------------------------
// Dockerfile and .dockerignore
// ---------------------------------------------------------------------------------------------

type Instruction = { keyword: string; args: string };

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function dockerInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.trimEnd().endsWith('\\')) {
      pending += `${line.trimEnd().slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (!whole) continue;
    const [keyword, ...rest] = whole.split(/\s+/);
    instructions.push({ keyword: keyword!.toUpperCase(), args: rest.join(' ') });
  }
  return instructions;
}

describe('Dockerfile', () => {
  const instructions = dockerInstructions(read('Dockerfile'));
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  const runtime = stages.at(-1) ?? [];
  const build = stages.slice(0, -1).flat();
  const args = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('is multi-stage, every stage on node:24-slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of args(instructions, 'FROM')) {
      expect(from.replace(/--platform=\S+\s+/, '').split(/\s+/)[0]).toBe('node:24-slim');
    }
  });

  it('installs with npm install (npm ci rejects the lockfile), builds everything, then drops dev dependencies', () => {
    const runs = args(build, 'RUN').join('\n');
    expect(runs).toMatch(/npm install\b/);
    expect(runs).not.toMatch(/npm ci\b/);
    expect(runs).toMatch(/nx run-many -t build/);
    expect(runs).toMatch(/npm prune --omit=dev/);
    // The runtime needs each workspace's build and migrations, and web/dist (a workspace's dist).
    expect(runs).toMatch(/\bdist\b/);
    expect(runs).toMatch(/\bmigrations\b/);
  });

  it('copies only built files into the runtime stage, never the source tree', () => {
    const copies = args(runtime, 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/--from=\S+/);
    expect(args(runtime, 'ADD')).toEqual([]);
  });

  it('runs as a non-root user in production mode', () => {
    const user = args(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
    expect(args(runtime, 'ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('starts the process named by SERVICE (a build argument, and an environment variable to override)', () => {
    expect(args(runtime, 'ARG').some((arg) => /^SERVICE\b/.test(arg))).toBe(true);
    expect(args(runtime, 'ENV').join(' ')).toMatch(/\bSERVICE=\$\{?SERVICE\}?/);
    const command = args(runtime, 'CMD').at(-1) ?? args(runtime, 'ENTRYPOINT').at(-1) ?? '';
    expect(command).toMatch(/node services\/\$\{?SERVICE\}?\/dist\/main\.js/);
  });

  it('has a health check that asks the gateway for /api/health', () => {
    const healthcheck = args(runtime, 'HEALTHCHECK').at(-1) ?? '';
    expect(healthcheck).toContain('/api/health');
    expect(healthcheck).toContain('gateway');
  });

  it('.dockerignore keeps dependencies, builds, reports, git and local secrets out of the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules', 'dist', 'reports', 'screenshots', '.git', '.env']) {
      expect({ entry, ignored: ignored.includes(entry) }).toEqual({ entry, ignored: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// k8s/
// ---------------------------------------------------------------------------------------------

type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: any;
};

const K8S_FILES = readdirSync(`${FILES}k8s`)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();
const kubeObjects: (KubeObject & { file: string })[] = [];
const yamlErrors: string[] = [];
for (const file of K8S_FILES.filter((f) => !/^kustomization\.ya?ml$/.test(f))) {
  for (const document of parseAllDocuments(read(`k8s/${file}`))) {
    yamlErrors.push(...document.errors.map((error) => `${file}: ${error.message}`));
    const object = document.toJS() as KubeObject | null;
    if (object) kubeObjects.push({ ...object, file });
  }
}
const kustomization = parse(read('k8s/kustomization.yaml')) as {
  namespace?: string;
  resources?: string[];
  images?: { name: string }[];
};
const ofKind = (kind: string) => kubeObjects.filter((object) => object.kind === kind);
const deployments = () => ofKind('Deployment');
const deployment = (name: string) => deployments().find((d) => d.metadata.name === name);
const containerOf = (d: KubeObject) => d.spec.template.spec.containers[0];
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Boolean(selector && Object.keys(selector).length) &&
  Object.entries(selector!).every(([key, value]) => labels?.[key] === value);

const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  Ingress: 'networking.k8s.io/v1',
};

/** What a container's environment holds, resolved through its ConfigMap and Secret references. */
function kubeEnvironment(d: KubeObject) {
  const container = containerOf(d);
  const env: Record<string, string> = {};
  const source: Record<string, 'configMap' | 'secret' | 'literal'> = {};
  const brokenReferences: string[] = [];
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string) => ofKind(kind).find((o) => o.metadata.name === name);
  const values = (object: KubeObject | undefined): Record<string, string> =>
    object?.kind === 'Secret'
      ? {
          ...Object.fromEntries(
            Object.entries(object.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString()]),
          ),
          ...(object.stringData ?? {}),
        }
      : (object?.data ?? {});
  for (const from of container.envFrom ?? []) {
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const name = (from.configMapRef ?? from.secretRef).name;
    const object = lookup(kind, name);
    if (!object) brokenReferences.push(`envFrom ${kind} ${name}`);
    for (const [key, value] of Object.entries(values(object))) {
      env[key] = String(value);
      source[key] = kind === 'Secret' ? 'secret' : 'configMap';
    }
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) {
      env[entry.name] = String(entry.value);
      source[entry.name] = 'literal';
      continue;
    }
    const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
    const kind = entry.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const value = ref ? values(lookup(kind, ref.name))[ref.key] : undefined;
    if (value === undefined) {
      brokenReferences.push(`${entry.name} -> ${kind} ${ref?.name}/${ref?.key}`);
      continue;
    }
    env[entry.name] = value;
    source[entry.name] = kind === 'Secret' ? 'secret' : 'configMap';
  }
  return { env, source, brokenReferences };
}

/** A run of letters and digits that mixes cases and digits looks like generated key material. */
function looksLikeKeyMaterial(value: string): boolean {
  return (value.match(/[A-Za-z0-9+/_=-]{20,}/g) ?? []).some(
    (run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run),
  );
}

/** The named or numbered container port a probe or Service points at. */
function resolvePort(container: any, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

describe('k8s/', () => {
  it('parses, and uses only the stable API versions of each kind', () => {
    expect(yamlErrors).toEqual([]);
    for (const object of kubeObjects) {
      const { file, kind, apiVersion } = object;
      expect({ file, kind, apiVersion }).toEqual({
        file,
        kind,
        apiVersion: API_VERSIONS[kind] ?? 'a kind this check knows',
      });
    }
  });

  it('kustomization.yaml lists every file in k8s/', () => {
    expect([...(kustomization.resources ?? [])].sort()).toEqual(
      K8S_FILES.filter((f) => !/^kustomization\.ya?ml$/.test(f)),
    );
  });

  it('puts everything in the one namespace', () => {
    const namespace = ofKind('Namespace')[0]?.metadata.name;
    expect(namespace).toBeDefined();
    expect(kustomization.namespace).toBe(namespace);
    for (const object of kubeObjects.filter((o) => o.kind !== 'Namespace')) {
      expect({ object: `${object.kind}/${object.metadata.name}`, namespace: object.metadata.namespace }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        namespace,
      });
    }
  });

  it.each(PROCESSES)(
    'has a Deployment of %s: 2 replicas, its SERVICE, the image, 30 s to stop, resources',
    (process) => {
      const d = deployment(process);
      expect({ process, deployment: Boolean(d) }).toEqual({ process, deployment: true });
      const container = containerOf(d!);
      const { env } = kubeEnvironment(d!);
      expect({
        process,
        replicas: d!.spec.replicas,
        SERVICE: env.SERVICE,
        image: String(container.image).split(':')[0],
        grace: d!.spec.template.spec.terminationGracePeriodSeconds,
      }).toEqual({ process, replicas: 2, SERVICE: process, image: kustomization.images?.[0]?.name, grace: 30 });
      for (const bound of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          expect({ process, [`${bound}.${resource}`]: Boolean(container.resources?.[bound]?.[resource]) }).toEqual({
            process,
            [`${bound}.${resource}`]: true,
          });
        }
      }
      expect(selects(d!.spec.selector?.matchLabels, d!.spec.template.metadata.labels)).toBe(true);
    },
  );

  it.each(PROCESSES)('runs %s unprivileged on a read-only root filesystem', (process) => {
    const d = deployment(process)!;
    const pod = d.spec.template.spec.securityContext ?? {};
    for (const container of d.spec.template.spec.containers) {
      const own = container.securityContext ?? {};
      const runAsUser = own.runAsUser ?? pod.runAsUser;
      expect({
        process,
        runAsNonRoot: own.runAsNonRoot ?? pod.runAsNonRoot,
        // The image's USER is a name; the kubelet enforces runAsNonRoot only with a numeric user.
        numericNonRootUser: Number.isInteger(runAsUser) && runAsUser > 0,
        allowPrivilegeEscalation: own.allowPrivilegeEscalation,
        readOnlyRootFilesystem: own.readOnlyRootFilesystem,
        dropsAll: (own.capabilities?.drop ?? []).includes('ALL'),
      }).toEqual({
        process,
        runAsNonRoot: true,
        numericNonRootUser: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        dropsAll: true,
      });
    }
  });

  it.each(PROCESSES)('gives %s every variable it needs, through references that exist', (process) => {
    const { env, brokenReferences } = kubeEnvironment(deployment(process)!);
    const missing = neededVariables(process).filter((key) => env[key] === undefined || env[key] === '');
    expect({ process, missing, brokenReferences }).toEqual({ process, missing: [], brokenReferences: [] });
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, NODE_ENV: env.NODE_ENV }).toEqual({ process, NODE_ENV: 'production' });
  });

  it.each(PROCESSES)('gives %s its secrets from the Secret, never from the ConfigMap or inline', (process) => {
    const { source } = kubeEnvironment(deployment(process)!);
    const misplaced = SECRET_VARIABLES.filter((key) => source[key] && source[key] !== 'secret');
    expect({ process, misplaced }).toEqual({ process, misplaced: [] });
  });

  it.each(PROCESSES)("gives %s only its own providers' credentials, each an optional Secret reference", (process) => {
    const entries = (containerOf(deployment(process)!).env ?? []).filter((entry: { name: string }) =>
      ALL_PROVIDER_SECRETS.includes(entry.name),
    );
    expect({ process, given: entries.map((entry: { name: string }) => entry.name) }).toEqual({
      process,
      given: PROVIDER_SECRETS[process] ?? [],
    });
    for (const entry of entries) {
      // Optional: a Secret without them starts the process with the feature off.
      expect({ process, name: entry.name, optional: entry.valueFrom?.secretKeyRef?.optional }).toEqual({
        process,
        name: entry.name,
        optional: true,
      });
    }
  });

  it('keeps secrets out of the ConfigMap', () => {
    for (const configMap of ofKind('ConfigMap')) {
      const keys = Object.keys(configMap.data ?? {});
      expect(keys.filter((key) => SECRET_VARIABLES.includes(key) || /SECRET|PASSWORD|KEY/.test(key))).toEqual([]);
    }
  });

  it('the Secret template holds placeholders only, nothing that looks like a real key', () => {
    expect(looksLikeKeyMaterial(`k1:${randomBytes(32).toString('base64')}`)).toBe(true); // the check can see a key
    const secrets = ofKind('Secret');
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect({ secret: secret.metadata.name, data: secret.data }).toEqual({
        secret: secret.metadata.name,
        data: undefined,
      });
      for (const [key, value] of Object.entries<string>(secret.stringData ?? {})) {
        expect({ key, placeholder: /REPLACE_ME/.test(value), keyLike: looksLikeKeyMaterial(value) }).toEqual({
          key,
          placeholder: true,
          keyLike: false,
        });
      }
    }
  });

  it('probes the gateway: readiness on /api/health/ready at its port, liveness that a dependency outage cannot fail', () => {
    const d = deployment('gateway')!;
    const container = containerOf(d);
    const listening = gatewayEnvSchema.parse(kubeEnvironment(d).env).PORT;
    const readiness = container.readinessProbe?.httpGet;
    expect({ path: readiness?.path, port: resolvePort(container, readiness?.port) }).toEqual({
      path: '/api/health/ready',
      port: listening,
    });
    const liveness = container.livenessProbe ?? {};
    if (liveness.tcpSocket) {
      expect(resolvePort(container, liveness.tcpSocket.port)).toBe(listening);
    } else {
      // An HTTP liveness probe on /api/health must tolerate a long outage of a store or service.
      expect(liveness.httpGet).toBeDefined();
      expect(resolvePort(container, liveness.httpGet.port)).toBe(listening);
      expect((liveness.periodSeconds ?? 10) * (liveness.failureThreshold ?? 3)).toBeGreaterThanOrEqual(120);
    }
  });

  it('every Service selects a Deployment and targets a port it listens on', () => {
    const services = ofKind('Service');
    expect(services.map((s) => s.metadata.name)).toContain('gateway');
    for (const service of services) {
      const target = deployments().find((d) => selects(service.spec.selector, d.spec.template.metadata.labels));
      expect({ service: service.metadata.name, selects: target?.metadata.name ?? 'nothing' }).toEqual({
        service: service.metadata.name,
        selects: expect.any(String),
      });
      expect(target).toBeDefined();
      for (const port of service.spec.ports) {
        expect({
          service: service.metadata.name,
          port: resolvePort(containerOf(target!), port.targetPort ?? port.port),
        }).toEqual({
          service: service.metadata.name,
          port: expect.any(Number),
        });
      }
    }
  });

  it('the Ingress routes the public host, /ws included, to the gateway Service, with long timeouts for /ws', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const routes = ingresses.flatMap((ingress) =>
      ingress.spec.rules.flatMap((rule: any) =>
        rule.http.paths.map((path: any) => ({
          ingress,
          host: rule.host,
          path: path.path,
          pathType: path.pathType,
          backend: path.backend.service,
        })),
      ),
    );
    for (const route of routes) {
      const service = ofKind('Service').find((s) => s.metadata.name === route.backend.name);
      expect({ path: route.path, service: service?.metadata.name }).toEqual({
        path: route.path,
        service: route.backend.name,
      });
      const ports = service!.spec.ports.map((p: any) => [p.name, p.port]).flat();
      expect(ports).toContain(route.backend.port.name ?? route.backend.port.number);
    }
    // The longest Prefix route that covers /ws decides its timeouts.
    const forWs = routes
      .filter((r) => r.pathType === 'Prefix' && (r.path === '/' || r.path.replace(/\/$/, '') === '/ws'))
      .sort((a, b) => b.path.length - a.path.length)[0];
    expect(forWs?.backend.name).toBe('gateway');
    const timeout = Number(forWs!.ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']);
    expect(timeout).toBeGreaterThanOrEqual(300);
    // Card links in QR codes use PUBLIC_BASE_URL: it must be the host the Ingress serves.
    const publicBase = kubeEnvironment(deployment('gateway')!).env.PUBLIC_BASE_URL;
    if (publicBase) expect(routes.map((r) => r.host)).toContain(new URL(publicBase).hostname);
  });

  it.each(['gateway', 'records'])('scales %s on CPU, never below 2 pods', (name) => {
    const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
    expect({ name, hpa: Boolean(hpa) }).toEqual({ name, hpa: true });
    expect(hpa!.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    expect(hpa!.spec.metrics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]),
    );
    // Utilisation is measured against the request: without one the autoscaler cannot act.
    expect(containerOf(deployment(name)!).resources?.requests?.cpu).toBeDefined();
  });

  it('every autoscaler targets a Deployment that exists', () => {
    for (const hpa of ofKind('HorizontalPodAutoscaler')) expect(deployment(hpa.spec.scaleTargetRef.name)).toBeDefined();
  });

  it.each(PROCESSES)(
    'keeps at least one %s pod through disruptions, with a budget that selects exactly its pods',
    (process) => {
      const d = deployment(process)!;
      const budgets = ofKind('PodDisruptionBudget').filter((pdb) =>
        selects(pdb.spec.selector?.matchLabels, d.spec.template.metadata.labels),
      );
      expect({ process, budgets: budgets.length }).toEqual({ process, budgets: 1 });
      expect(budgets[0]!.spec.minAvailable).toBe(1);
      const alsoSelected = deployments()
        .filter(
          (other) => other !== d && selects(budgets[0]!.spec.selector.matchLabels, other.spec.template.metadata.labels),
        )
        .map((other) => other.metadata.name);
      expect({ process, alsoSelected }).toEqual({ process, alsoSelected: [] });
    },
  );
});
