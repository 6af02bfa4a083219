// docker-compose.yml and the Dockerfile, read as a user's tools would, and checked for what a user
// would notice if they were wrong: a process missing, a variable a process needs but does not get,
// a health check on the wrong port. The variables each process needs come from the real
// configuration schemas (process-needs.ts).
import { randomBytes } from 'node:crypto';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
import { parse } from 'yaml';
import {
  read,
  PROCESSES,
  STORES,
  PROVIDER_SECRETS,
  ALL_PROVIDER_SECRETS,
  loadProcessSchemas,
  neededVariables,
  configProblems,
} from './process-needs.js';

beforeAll(loadProcessSchemas);
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
