// docker-compose.yml, .env.example and the Dockerfile, read as a user's tools would, and checked for what a
// user would notice if they were wrong: a process missing, a variable a process needs but does not get, a
// health check on the wrong port, a secret in the file, a stand-in the services cannot reach. The variables
// each process needs come from the real configuration schemas (process-needs.ts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { parse } from 'yaml';
import { baseEnvProblems, baseEnvSchema } from '@medical-qr/platform';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
import { CARD_FONT_FILES, DEFAULT_CARD_FONTS_DIR } from '../../services/gateway/src/wallet-card/card-fonts.js';
import { NODE_FLAGS } from '../../tools/launcher/src/node-flags.js';
import { loadSandboxConfig } from '../../tools/sandboxes/src/config.js';
import { PROVIDERS } from '../../tools/sandboxes/src/providers.js';
import {
  ROOT,
  read,
  PROCESSES,
  STORES,
  SECRET_VARIABLES,
  PROVIDER_SECRETS,
  ALL_PROVIDER_SECRETS,
  loadProcessSchemas,
  neededVariables,
  configProblems,
} from './process-needs.js';

beforeAll(loadProcessSchemas);

/** The variables each process's configuration reads: the keys of services/<name>/src/config.ts's schema. */
const schemaKeys = new Map<string, string[]>();
beforeAll(async () => {
  for (const process of PROCESSES) {
    const module = existsSync(`${ROOT}services/${process}/src/config.ts`)
      ? ((await import(`../../services/${process}/src/config.js`)) as Record<string, unknown>)
      : {};
    const schema = Object.entries(module).find(([name]) => /EnvSchema$/.test(name))?.[1] ?? baseEnvSchema;
    schemaKeys.set(process, Object.keys((schema as typeof baseEnvSchema).shape));
  }
});

/**
 * What every process needs in a container besides its schema's own: production refuses to start without its
 * own NATS user, and the health checks ask the probe server on METRICS_PORT.
 */
const CONTAINER_NEEDS = ['NATS_USER', 'NATS_PASSWORD', 'METRICS_PORT', 'METRICS_HOST'];
const METRICS_PORT = '9464';
const SANDBOX_PROFILE = 'sandbox';
const SANDBOX_SERVICE = 'sandboxes';
const natsPasswordVariable = (process: string) => `NATS_PASSWORD_${process.toUpperCase()}`;
/** How much longer than SHUTDOWN_TIMEOUT_MS Compose waits before it kills a container. */
const STOP_MARGIN_MS = 5000;

/** A Compose duration ("30s", "1m30s", "500ms") in milliseconds; NaN when unset or unreadable. */
function composeDurationMs(value: string | undefined): number {
  const parts = [...String(value ?? '').matchAll(/(\d+(?:\.\d+)?)(ms|us|s|m|h)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value) return NaN;
  const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  return parts.reduce((sum, [, amount, u]) => sum + Number(amount) * unit[u!]!, 0);
}

// ---------------------------------------------------------------------------------------------
// Secrets that look real
// ---------------------------------------------------------------------------------------------

/** Bits per character: random keys score high, words and placeholders low. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  return [...counts.values()].reduce((sum, n) => sum - (n / text.length) * Math.log2(n / text.length), 0);
}

/** Runs of characters that look like a generated key or password (hex, base64, a live provider key). */
function realLookingSecrets(text: string): string[] {
  const liveKeys =
    text.match(/\b(?:sk|rk|pk)_live_\w{6,}|\bwhsec_[A-Za-z0-9]{16,}|-----BEGIN [A-Z ]*PRIVATE KEY/g) ?? [];
  const random = (text.match(/[A-Za-z0-9+/_-]{20,}={0,2}/g) ?? []).filter((run) => {
    const digits = run.replace(/\D/g, '').length;
    const letters = run.replace(/[^A-Za-z]/g, '').length;
    if (digits < 3 || letters < 3) return false;
    // Hex has 16 symbols (at most 4 bits a character), base64 64.
    return /^[0-9a-f]+$/i.test(run) ? entropy(run) >= 3.2 : entropy(run) >= 4.2;
  });
  return [...liveKeys, ...random];
}

describe('the real-looking-secret detector the checks below use', () => {
  // Fixed samples of what `openssl rand` and randomBytes make, so the detector's own check never depends on a draw.
  it.each([
    ['a hex password', '0df0c9ceb9f5ee1e02ab393fc6c53922ae2aee80eb98e13f'],
    ['a base64 key', 'k1:93gxQzvCDwXt050HpaH35HvlTAyHkdaPtp7PDMiaLgQ='],
    ['a base64url secret', 'BuuRuMagjV6DQCVDH1tri_z0bQ-bbs0uMBB3V17zHDA'],
    ['a live Stripe key', 'sk_live_51Habcdefghij'],
    [
      'a password in a URL',
      'postgres://medical_qr:6b961f376a0a8c1f21f62265c151a8ea7cfa425786bec8fa@db:5432/medical_qr',
    ],
  ])('finds %s', (_what, text) => {
    expect(realLookingSecrets(`VALUE=${text}`)).not.toEqual([]);
  });

  it.each([
    'sk_test_local_stand_in',
    'whsec_local_stand_in_secret',
    'smtp://user:password@smtp.example.com:587',
    'http://sandboxes:4100/oauth2/v3/userinfo',
    'PREMIUM_END_SWEEP_INTERVAL_MS=60000',
    '1234567890-abc.apps.googleusercontent.com',
  ])('lets the placeholder %s pass', (text) => {
    expect(realLookingSecrets(text)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Health checks: the command a container runs, run here against a stand-in fetch
// ---------------------------------------------------------------------------------------------

/** What a `node -e` health check asked for and how it exited, for an answer of `status` (or no answer). */
async function runHealthCheck(script: string, env: Record<string, string>, status: number | 'refused') {
  const asked: string[] = [];
  const exits: number[] = [];
  let synchronous = true;
  const stop = new Error('process.exit');
  const context = {
    process: {
      env,
      exit(code?: number) {
        exits.push(code ?? 0);
        // A real exit ends the script; here a synchronous one must too.
        if (synchronous) throw stop;
      },
    },
    AbortSignal,
    fetch(url: string) {
      asked.push(String(url));
      return status === 'refused'
        ? Promise.reject(new TypeError('fetch failed'))
        : Promise.resolve({ ok: status >= 200 && status < 300, status });
    },
  };
  try {
    runInNewContext(script, context);
  } catch (error) {
    if (error !== stop) throw error;
  }
  synchronous = false;
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return { asked, exit: exits[0] };
}

/** The script of a `["CMD", "node", "-e", script]` health check. */
function nodeScript(test: string[] | undefined): string {
  expect(test?.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
  return test![3]!;
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------

type ComposeService = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  command?: string | string[];
  volumes?: (string | { source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  restart?: string;
  stop_grace_period?: string;
  user?: string;
  profiles?: string[];
};
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const ALL_SERVICES = Object.keys(compose.services);
/** Every container `docker compose up` starts without a profile. */
const DEFAULT_SERVICES = ALL_SERVICES.filter((name) => !compose.services[name]!.profiles?.length);

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
  GOOGLE_CLIENT_ID: '1234567890-compose.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-client-secret-for-compose-tests',
  PUBLIC_BASE_URL: 'https://qr.example.org',
  // Each one different, so a process given another's password shows.
  ...Object.fromEntries(PROCESSES.map((process) => [natsPasswordVariable(process), `nats-${process}-password`])),
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

/** A service's environment entries as written: a value, or null for a key passed through from the shell. */
function rawEnvironment(service: string): [string, string | null][] {
  const raw = compose.services[service]?.environment ?? {};
  return Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? null : String(value)]);
}

/** The environment a compose service's container gets (unset pass-through variables left out). */
function composeEnvironment(service: string, variables: Record<string, string | undefined> = USER_VARIABLES) {
  const env: Record<string, string> = {};
  for (const [key, value] of rawEnvironment(service)) {
    const resolved = value === null ? variables[key] : interpolate(value, variables);
    if (resolved !== undefined) env[key] = resolved;
  }
  return env;
}

function rawComposeValue(service: string, key: string): string | undefined {
  return rawEnvironment(service).find(([name]) => name === key)?.[1] ?? undefined;
}

const commandText = (command: string | string[] | undefined) =>
  Array.isArray(command) ? command.join(' ') : (command ?? '');

const portText = (port: string | number | { target?: number; published?: string | number }) =>
  typeof port === 'object' ? `${port.published}:${port.target}` : String(port);

/** Every variable the compose file reads: `${NAME...}` anywhere, and keys passed through from the shell. */
const COMPOSE_VARIABLES = [
  ...new Set([
    ...[...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!),
    ...ALL_SERVICES.flatMap((service) =>
      rawEnvironment(service)
        .filter(([, value]) => value === null)
        .map(([key]) => key),
    ),
  ]),
].sort();

// ---------------------------------------------------------------------------------------------
// .env.example, and its sandbox block
// ---------------------------------------------------------------------------------------------

const envExample = read('.env.example');
/** Every variable .env.example lists, set or commented out (`# NAME=...`, `# sandbox: NAME=...`). */
const EXAMPLE_VARIABLES = new Set(
  [...envExample.matchAll(/^(?:#\s*(?:sandbox:\s*)?)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!),
);
/** The values that point the containers at the stand-ins: `# sandbox: NAME=value` lines. */
const SANDBOX_VALUES: Record<string, string> = Object.fromEntries(
  [...envExample.matchAll(/^# sandbox: ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
);

/** What a user who follows .env.example's sandbox block passes to compose: their secrets, minus real providers. */
const SANDBOX_VARIABLES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(USER_VARIABLES).filter(([key]) => !ALL_PROVIDER_SECRETS.includes(key))),
  ...Object.fromEntries(
    ['SMTP_URL', 'STRIPE_PUBLISHABLE_KEY', 'PRINTIFY_SHOP_ID', 'PRINTIFY_WEBHOOK_URL', 'PRINTIFY_IMAGE_HOSTS'].map(
      (key) => [key, undefined as unknown as string],
    ),
  ),
  ...SANDBOX_VALUES,
};

describe('docker-compose.yml', () => {
  it('knows the six processes (the list these checks run over)', () => {
    expect(PROCESSES).toEqual(['billing', 'gateway', 'identity', 'privacy', 'records', 'shop']);
  });

  it('runs the three stores and every process without a profile', () => {
    expect(DEFAULT_SERVICES.sort()).toEqual([...STORES, ...PROCESSES].sort());
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
    const needed = [...new Set([...neededVariables(process), ...CONTAINER_NEEDS])];
    const missing = needed.filter((key) => env[key] === undefined || env[key] === '');
    expect({ process, missing }).toEqual({ process, missing: [] });
  });

  it.each(PROCESSES)('gives %s an environment its configuration accepts, in production mode', (process) => {
    const env = composeEnvironment(process);
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, problems: baseEnvProblems(env as never) }).toEqual({ process, problems: [] });
    expect({ process, NODE_ENV: env.NODE_ENV }).toEqual({ process, NODE_ENV: 'production' });
    expect({ process, METRICS_PORT: env.METRICS_PORT, METRICS_HOST: env.METRICS_HOST }).toEqual({
      process,
      METRICS_PORT,
      METRICS_HOST: '0.0.0.0',
    });
  });

  it.each(PROCESSES)('points %s at the compose stores by their service names', (process) => {
    const env = composeEnvironment(process);
    const hosts = {
      DATABASE_URL: env.DATABASE_URL && new URL(env.DATABASE_URL).hostname,
      REDIS_URL: new URL(env.REDIS_URL!).hostname,
      NATS_URL: new URL(env.NATS_URL!).hostname,
    };
    // The gateway holds no database credentials.
    expect({ process, hosts }).toEqual({
      process,
      hosts: { DATABASE_URL: process === 'gateway' ? undefined : 'postgres', REDIS_URL: 'redis', NATS_URL: 'nats' },
    });
  });

  it.each(PROCESSES)('signs %s in to NATS as itself, with its own password and no other', (process) => {
    const own = natsPasswordVariable(process);
    expect({ process, user: rawComposeValue(process, 'NATS_USER') }).toEqual({ process, user: process });
    expect({ process, password: rawComposeValue(process, 'NATS_PASSWORD') }).toEqual({
      process,
      password: expect.stringMatching(new RegExp(`^\\$\\{${own}:\\?.+\\}$`)),
    });
    expect(composeEnvironment(process).NATS_PASSWORD).toBe(USER_VARIABLES[own]);
    // Not under another name either.
    const others = PROCESSES.filter((p) => p !== process).map(natsPasswordVariable);
    const mentioned = rawEnvironment(process).flatMap(([key, value]) =>
      others.filter((variable) => key === variable || value?.includes(variable)),
    );
    expect({ process, mentioned }).toEqual({ process, mentioned: [] });
    const { [own]: _left, ...without } = USER_VARIABLES;
    expect(() => composeEnvironment(process, without)).toThrow(own);
  });

  it('runs NATS with the users file mounted read-only and every process password in its environment', () => {
    const nats = compose.services.nats!;
    const command = commandText(nats.command);
    expect(command).toMatch(/(^|\s)(-c|--config)\s+\/etc\/nats\/nats-server\.conf(\s|$)/);
    expect(command).toMatch(/(-sd|--store_dir)\s+\/data/);
    expect(nats.volumes).toContain('./k8s/nats/nats-server.conf:/etc/nats/nats-server.conf:ro');
    expect(nats.volumes?.some((v) => typeof v === 'string' && /^[\w-]+:\/data$/.test(v))).toBe(true);
    for (const process of PROCESSES) {
      const variable = natsPasswordVariable(process);
      expect({ variable, value: rawComposeValue('nats', variable) }).toEqual({
        variable,
        value: expect.stringMatching(new RegExp(`^\\$\\{${variable}:\\?.+\\}$`)),
      });
    }
    // The server signs in exactly the users the processes name, with the passwords it is given.
    const conf = read('k8s/nats/nats-server.conf');
    const users = [...conf.matchAll(/user:\s*"?([\w-]+)"?\s+password:\s*\$(\w+)/g)].map(([, user, password]) => ({
      user,
      password,
    }));
    expect(users.sort((a, b) => a.user!.localeCompare(b.user!))).toEqual(
      PROCESSES.map((process) => ({ user: process, password: natsPasswordVariable(process) })),
    );
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
      if (process === 'gateway') continue;
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

  it('holds no secret in plain text: every secret-named value is a variable', () => {
    const secretNamed = (key: string) =>
      SECRET_VARIABLES.includes(key) || /PASSWORD|SECRET|TOKEN/.test(key) || /_KEYS?$/.test(key);
    const literal: string[] = [];
    for (const service of ALL_SERVICES) {
      for (const [key, value] of rawEnvironment(service)) {
        if (value === null || !secretNamed(key)) continue;
        // What is left once every `${...}` is taken out must hold no secret of its own.
        const left = value.replace(/\$\{[^}]*\}/g, '');
        const url = /^\w+:\/\//.test(left) ? new URL(left) : undefined;
        if (url ? url.password !== '' : left !== '') literal.push(`${service}.${key}`);
      }
    }
    expect(literal).toEqual([]);
    expect(realLookingSecrets(composeText)).toEqual([]);
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
    const url = new URL(composeEnvironment('records').DATABASE_URL!);
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
  });

  it.each(ALL_SERVICES)('gives the %s container a health check and a restart policy', (service) => {
    const { healthcheck, restart } = compose.services[service]!;
    expect({ service, test: Boolean(healthcheck?.test?.length), disabled: Boolean(healthcheck?.disable) }).toEqual({
      service,
      test: true,
      disabled: false,
    });
    expect({ service, restart }).toEqual({ service, restart: expect.stringMatching(/^(unless-stopped|always)$/) });
  });

  it.each(PROCESSES)("checks %s's health with GET /readyz on its own METRICS_PORT", async (process) => {
    const env = composeEnvironment(process);
    const script = nodeScript(compose.services[process]!.healthcheck?.test as string[]);
    const ready = await runHealthCheck(script, env, 200);
    expect({ process, ...ready }).toEqual({ process, asked: [`http://127.0.0.1:${METRICS_PORT}/readyz`], exit: 0 });
    expect(await runHealthCheck(script, env, 503)).toMatchObject({ exit: 1 });
    expect(await runHealthCheck(script, env, 'refused')).toMatchObject({ exit: 1 });
    // The port it asks follows the variable, not a copy of its value.
    const moved = await runHealthCheck(script, { ...env, METRICS_PORT: '9999' }, 200);
    expect(moved.asked).toEqual(['http://127.0.0.1:9999/readyz']);
  });

  it.each(PROCESSES)('restarts %s unless stopped, and never runs it as root', (process) => {
    const service = compose.services[process]!;
    expect({ process, restart: service.restart }).toEqual({ process, restart: 'unless-stopped' });
    expect(['root', '0', '0:0']).not.toContain(service.user);
  });

  it.each(ALL_SERVICES)(
    'gives the %s container longer to stop than a process takes to finish its work (SHUTDOWN_TIMEOUT_MS), with a margin',
    (name) => {
      // What a process may take after SIGTERM: its SHUTDOWN_TIMEOUT_MS, else the configuration's default.
      const env = PROCESSES.includes(name) ? composeEnvironment(name) : {};
      const shutdownMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? baseEnvSchema.shape.SHUTDOWN_TIMEOUT_MS.parse(undefined));
      expect(shutdownMs).toBeGreaterThan(0);
      const grace = composeDurationMs(compose.services[name]!.stop_grace_period);
      // Compose's default is 10 s: a process still finishing its work would be killed.
      expect({ name, grace, margin: grace - shutdownMs >= STOP_MARGIN_MS }).toEqual({ name, grace, margin: true });
    },
  );

  it('says it needs Docker Compose v2, and has no `version` key (obsolete there)', () => {
    expect(composeText.split('\n').slice(0, 15).join('\n')).toMatch(/Docker Compose v2/);
    expect((compose as { version?: unknown }).version).toBeUndefined();
    for (const file of ['README.md', 'docs/deployment.md'])
      expect({ file, says: read(file).includes('Compose v2') }).toEqual({ file, says: true });
  });

  it('requires PUBLIC_BASE_URL for the gateway, and stops naming it when it is unset', () => {
    expect(rawComposeValue('gateway', 'PUBLIC_BASE_URL')).toMatch(/^\$\{PUBLIC_BASE_URL:\?.+\}$/);
    expect(composeEnvironment('gateway').PUBLIC_BASE_URL).toBe(USER_VARIABLES.PUBLIC_BASE_URL);
    const { PUBLIC_BASE_URL: _left, ...without } = USER_VARIABLES;
    expect(() => composeEnvironment('gateway', without)).toThrow('PUBLIC_BASE_URL');
  });

  it('publishes the gateway on ${PORT:-3000}, reaching the port the gateway listens on, and no probe port', () => {
    const ports = compose.services.gateway!.ports ?? [];
    expect(ports).toEqual(['${PORT:-3000}:3000']);
    const listening = gatewayEnvSchema.parse(composeEnvironment('gateway')).PORT;
    expect(listening).toBe(3000);
    for (const process of PROCESSES.filter((p) => p !== 'gateway')) {
      expect({ process, ports: compose.services[process]!.ports }).toEqual({ process, ports: undefined });
    }
    const probePorts = ALL_SERVICES.flatMap((service) => (compose.services[service]!.ports ?? []).map(portText)).filter(
      (port) => port.includes(METRICS_PORT),
    );
    expect(probePorts).toEqual([]);
  });

  it.each([
    ['postgres', 'POSTGRES_PORT', 5432],
    ['redis', 'REDIS_PORT', 6379],
    ['nats', 'NATS_PORT', 4222],
  ])('publishes %s on 127.0.0.1 only, on ${%s} (npm start reaches it there)', (store, variable, port) => {
    expect(compose.services[store]!.ports?.map(portText)).toEqual([`127.0.0.1:\${${variable}:-${port}}:${port}`]);
  });

  it('declares every named volume it mounts, and mounts every one it declares', () => {
    const named = Object.values(compose.services)
      .flatMap((service) => service.volumes ?? [])
      .map((v) => (typeof v === 'string' ? v.split(':')[0]! : (v.source ?? '')))
      .filter((source) => /^[\w-]+$/.test(source));
    expect(named.length).toBeGreaterThan(0);
    for (const volume of named) expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual([...new Set(named)].sort());
  });
});

describe('docker-compose.yml with the sandbox profile', () => {
  const sandboxes = compose.services[SANDBOX_SERVICE];
  const sandboxEnv = () => composeEnvironment(SANDBOX_SERVICE, SANDBOX_VARIABLES);

  it('adds only the stand-ins, and only under that profile', () => {
    const profiled = Object.fromEntries(
      ALL_SERVICES.filter((name) => compose.services[name]!.profiles?.length).map((name) => [
        name,
        compose.services[name]!.profiles,
      ]),
    );
    expect(profiled).toEqual({ [SANDBOX_SERVICE]: [SANDBOX_PROFILE] });
    // `docker compose up` without the profile must not need them.
    for (const service of DEFAULT_SERVICES) {
      const dependsOn = compose.services[service]!.depends_on ?? [];
      const needs = Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn);
      expect({ service, needs: needs.filter((name) => !DEFAULT_SERVICES.includes(name)) }).toEqual({
        service,
        needs: [],
      });
    }
  });

  it('runs the stand-ins from the same Dockerfile, outside production, on every interface of the container', () => {
    const build = typeof sandboxes!.build === 'string' ? { context: sandboxes!.build } : sandboxes!.build;
    expect({ context: build?.context, dockerfile: build?.dockerfile, SERVICE: build?.args?.SERVICE }).toEqual({
      context: '.',
      dockerfile: 'Dockerfile',
      SERVICE: SANDBOX_SERVICE,
    });
    const config = loadSandboxConfig(sandboxEnv());
    expect(config.nodeEnv).not.toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(config.providers.map((provider) => provider.name)).toEqual(PROVIDERS.map((provider) => provider.name));
    // Webhooks go to the gateway by its service name.
    expect(new URL(config.productUrl!).host).toBe('gateway:3000');
    // The browser reaches its HTTP port from this machine only.
    expect(sandboxes!.ports?.map(portText)).toEqual([`127.0.0.1:\${SANDBOX_HTTP_PORT:-4100}:${config.httpPort}`]);
  });

  it("checks the stand-ins' health with GET /health on their HTTP port", async () => {
    const env = sandboxEnv();
    const script = nodeScript(sandboxes!.healthcheck?.test as string[]);
    const port = loadSandboxConfig(env).httpPort;
    expect(await runHealthCheck(script, env, 200)).toEqual({ asked: [`http://127.0.0.1:${port}/health`], exit: 0 });
    expect(await runHealthCheck(script, env, 'refused')).toMatchObject({ exit: 1 });
  });

  it(".env.example's sandbox block is what each stand-in tells the product, at the container's addresses", () => {
    const config = loadSandboxConfig(sandboxEnv());
    const expected: Record<string, string> = {
      MEDICAL_QR_NODE_ENV: 'development',
      SANDBOX_URL: `http://${SANDBOX_SERVICE}:${config.httpPort}`,
    };
    for (const provider of PROVIDERS) {
      Object.assign(
        expected,
        provider.productEnv({
          serverUrl: `http://${SANDBOX_SERVICE}:${config.httpPort}`,
          browserUrl: `http://localhost:${config.httpPort}`,
          ports: Object.fromEntries(
            Object.entries(provider.ports).map(([name, { variable }]) => [name, config.ports[variable]!]),
          ),
          settings: Object.fromEntries(
            Object.entries(provider.settings).map(([name, { variable }]) => [name, config.settings[variable]!]),
          ),
          env: {},
        }),
      );
    }
    // MAIL_FROM: compose's default is the stand-in's.
    const { MAIL_FROM: mailFrom, ...pointers } = expected;
    expect(SANDBOX_VALUES).toEqual(pointers);
    expect(composeEnvironment('identity', SANDBOX_VARIABLES).MAIL_FROM).toBe(mailFrom);
  });

  it.each(PROCESSES)('gives %s, with the sandbox values, a configuration it accepts', (process) => {
    const env = composeEnvironment(process, SANDBOX_VARIABLES);
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, problems: baseEnvProblems(env as never) }).toEqual({ process, problems: [] });
  });

  it.each(Object.keys(SANDBOX_VALUES).filter((key) => key !== 'MEDICAL_QR_NODE_ENV'))(
    'passes %s to every process whose configuration reads it, and to no other',
    (variable) => {
      const reads = PROCESSES.filter((process) => schemaKeys.get(process)!.includes(variable));
      const given = PROCESSES.filter(
        (process) => composeEnvironment(process, SANDBOX_VARIABLES)[variable] !== undefined,
      );
      expect({ variable, given }).toEqual({ variable, given: reads });
    },
  );
});

describe('.env.example', () => {
  it('lists every variable docker-compose.yml reads', () => {
    expect(COMPOSE_VARIABLES.length).toBeGreaterThan(20);
    expect(COMPOSE_VARIABLES.filter((name) => !EXAMPLE_VARIABLES.has(name))).toEqual([]);
  });

  it('holds no real-looking secret: secret values are empty or placeholders', () => {
    expect(realLookingSecrets(envExample)).toEqual([]);
    const filled = [...envExample.matchAll(/^(?:#\s*(?:sandbox:\s*)?)?([A-Z][A-Z0-9_]*)=(.*)$/gm)]
      .filter(([, name]) => /PASSWORD|SECRET|TOKEN(?!_URL)/.test(name!) || /_KEYS?$/.test(name!))
      .filter(([, , value]) => value !== '' && !/\.\.\.|local|example/.test(value!))
      .map(([line]) => line);
    expect(filled).toEqual([]);
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

/** `ENV A=1 B=2` (and the old `ENV A 1`) as pairs; `${NAME}` left as written. */
function envPairs(args: string[]): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of args) {
    const single = /^(\w+)\s+([^=]*)$/.exec(line);
    if (single) pairs[single[1]!] = single[2]!;
    else for (const [, key, value] of line.matchAll(/(\w+)=("[^"]*"|\S*)/g)) pairs[key!] = value!.replace(/^"|"$/g, '');
  }
  return pairs;
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
  const runtimeEnv = envPairs(args(runtime, 'ENV'));
  /** The container's environment for one process: the image's ENV with SERVICE set, plus what compose adds. */
  const imageEnv = (service: string, extra: Record<string, string> = {}) => ({
    ...runtimeEnv,
    SERVICE: service,
    ...extra,
  });
  const healthScript = () => {
    const healthcheck = args(runtime, 'HEALTHCHECK').at(-1) ?? '';
    const command = /\bCMD\s+(\[.*\])\s*$/.exec(healthcheck)?.[1];
    expect(command).toBeDefined();
    const exec = JSON.parse(command!) as string[];
    expect(exec.slice(0, 2)).toEqual(['node', '-e']);
    return exec[2]!;
  };

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
    // Nothing is installed again in the runtime stage: what it gets is the pruned tree.
    expect(args(runtime, 'RUN').join('\n')).not.toMatch(/\bnpm (install|ci|i)\b/);
  });

  it("installs the wallet card's fonts in the runtime image, in the folder the gateway reads them from", () => {
    const runs = args(runtime, 'RUN').join('\n');
    expect(runs).toMatch(/apt-get install -y --no-install-recommends fonts-noto-core fonts-droid-fallback/);
    expect(runtimeEnv.CARD_FONTS_DIR ?? DEFAULT_CARD_FONTS_DIR).toBe('/usr/share/fonts/truetype');
    for (const { debianPackage } of Object.values(CARD_FONT_FILES)) expect(runs).toContain(debianPackage);
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
    expect(runtimeEnv.NODE_ENV).toBe('production');
  });

  it('runs every process with the Node flags npm start and the tests use (a young generation sized for the work)', () => {
    expect(runtimeEnv.NODE_OPTIONS?.split(/\s+/)).toEqual([...NODE_FLAGS]);
  });

  it('starts the process named by SERVICE (a build argument, and an environment variable to override)', () => {
    expect(args(runtime, 'ARG').some((arg) => /^SERVICE\b/.test(arg))).toBe(true);
    expect(runtimeEnv.SERVICE).toMatch(/^\$\{?SERVICE\}?$/);
    const command = args(runtime, 'CMD').at(-1) ?? args(runtime, 'ENTRYPOINT').at(-1) ?? '';
    expect(command).toMatch(/node services\/\$\{?SERVICE\}?\/dist\/main\.js/);
  });

  it.each([...PROCESSES.map((p) => [p, `services/${p}/dist/main.js`]), ['sandboxes', 'tools/sandboxes/dist/main.js']])(
    'with SERVICE=%s runs node %s, as PID 1',
    (service, entry) => {
      // The CMD run by sh, with a `node` that prints what it was given.
      const exec = JSON.parse(args(runtime, 'CMD').at(-1)!) as string[];
      const bin = mkdtempSync(join(tmpdir(), 'mqr-cmd-'));
      try {
        writeFileSync(join(bin, 'node'), '#!/bin/sh\necho "$@"\n');
        chmodSync(join(bin, 'node'), 0o755);
        const [program, ...rest] = exec;
        const output = execFileSync(program === 'sh' ? '/bin/sh' : program!, rest, {
          env: { PATH: bin, SERVICE: service },
          encoding: 'utf8',
        });
        expect(output.trim()).toBe(entry);
        // `exec`: node replaces the shell, so it gets SIGTERM itself.
        expect(exec.join(' ')).toMatch(/\bexec node\b/);
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    },
  );

  it('sets the probe server on 9464 on every interface, and exposes it beside the gateway port', () => {
    expect({ METRICS_PORT: runtimeEnv.METRICS_PORT, METRICS_HOST: runtimeEnv.METRICS_HOST }).toEqual({
      METRICS_PORT,
      METRICS_HOST: '0.0.0.0',
    });
    const exposed = args(runtime, 'EXPOSE').flatMap((line) => line.split(/\s+/));
    expect(exposed).toEqual(expect.arrayContaining(['3000', METRICS_PORT]));
  });

  it.each(PROCESSES)('has a health check that asks %s for GET /readyz on METRICS_PORT', async (process) => {
    const script = healthScript();
    expect(await runHealthCheck(script, imageEnv(process), 200)).toEqual({
      asked: [`http://127.0.0.1:${METRICS_PORT}/readyz`],
      exit: 0,
    });
    expect(await runHealthCheck(script, imageEnv(process), 503)).toMatchObject({ exit: 1 });
    expect(await runHealthCheck(script, imageEnv(process), 'refused')).toMatchObject({ exit: 1 });
  });

  it('asks the gateway for /api/health/ready on PORT when the probe server is turned off', async () => {
    const env = imageEnv('gateway', { METRICS_PORT: '', PORT: '8080' });
    expect(await runHealthCheck(healthScript(), env, 200)).toEqual({
      asked: ['http://127.0.0.1:8080/api/health/ready'],
      exit: 0,
    });
    expect(await runHealthCheck(healthScript(), env, 503)).toMatchObject({ exit: 1 });
  });

  it('asks the stand-ins for /health on their HTTP port', async () => {
    const env = imageEnv('sandboxes', { NODE_ENV: 'development', SANDBOX_HTTP_PORT: '4100' });
    expect(await runHealthCheck(healthScript(), env, 200)).toEqual({
      asked: ['http://127.0.0.1:4100/health'],
      exit: 0,
    });
  });

  it('.dockerignore keeps dependencies, builds, reports, git, local secrets and local NATS data out of the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules', 'dist', 'reports', 'screenshots', '.git', '.env', '.env.*', '.data']) {
      expect({ entry, ignored: ignored.includes(entry) }).toEqual({ entry, ignored: true });
    }
  });
});
