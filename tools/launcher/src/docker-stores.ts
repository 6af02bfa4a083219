// For `npm start` on a machine with Docker but without PostgreSQL, Redis or NATS: the missing
// stores from docker-compose.yml.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { natsPasswordVariable } from '@medical-qr/platform';
import { STACK_PROCESSES } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The stores docker-compose.yml can run, by their compose service names. */
export type StoreName = 'postgres' | 'redis' | 'nats';

const LABELS: Record<StoreName, string> = { postgres: 'PostgreSQL', redis: 'Redis', nats: 'NATS' };
const URL_VARIABLES: Record<StoreName, string> = { postgres: 'DATABASE_URL', redis: 'REDIS_URL', nats: 'NATS_URL' };

export interface DockerStoresOptions {
  /** The checkout holding docker-compose.yml (default: this one). */
  root?: string;
  /** Where a generated POSTGRES_PASSWORD is kept (default: <root>/.env, which Compose reads too). */
  envFile?: string;
  /** Receives each line to show (default: console.log). */
  log?: (line: string) => void;
  /** How long `docker info` may take to say whether Docker is usable. */
  infoTimeoutMs?: number;
  /** How long `docker compose up --wait` may take: the first run pulls the images. */
  upTimeoutMs?: number;
}

export type DockerStoresResult =
  | {
      started: true;
      stores: StoreName[];
      /**
       * What the launcher should use from now on: the URLs of the stores it started (127.0.0.1 and
       * the ports compose publishes) and, with NATS, every process's NATS_PASSWORD_<PROCESS>.
       */
      env: Record<string, string>;
    }
  | { started: false; stores: StoreName[]; reason: string };

interface Outcome {
  code: number | null;
  output: string;
  failure?: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, output, failure: error.code === 'ENOENT' ? `${command} is not installed` : error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, failure: timedOut ? `no answer within ${timeoutMs / 1000} s` : undefined });
    });
  });
}

const lastLines = (text: string, count = 5) => text.trim().split('\n').slice(-count).join('\n');

/**
 * Compose interpolates the whole file before it picks services, so starting only the stores still needs every
 * `${NAME:?...}` the processes use (SMTP_URL, ENCRYPTION_KEYS...). Those unset get a placeholder: the stores never
 * see them.
 */
function placeholdersForRequired(composeFile: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const required = [...readFileSync(composeFile, 'utf8').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map(
    (match) => match[1]!,
  );
  return Object.fromEntries(required.filter((name) => !env[name]).map((name) => [name, 'unused-by-the-stores']));
}

/**
 * The database password is fixed when the postgres-data volume is first made, so a generated one is written to
 * .env (git-ignored), where later starts and `docker compose` itself find it.
 */
function keepPostgresPassword(envFile: string, password: string): void {
  const existing = existsSync(envFile) ? readFileSync(envFile, 'utf8') : undefined;
  // An empty `POSTGRES_PASSWORD=` (copied from .env.example) is filled in, not shadowed by a second line.
  if (existing !== undefined && /^\s*POSTGRES_PASSWORD\s*=\s*$/m.test(existing)) {
    writeFileSync(envFile, existing.replace(/^\s*POSTGRES_PASSWORD\s*=\s*$/m, `POSTGRES_PASSWORD=${password}`));
  } else if (existing === undefined) {
    writeFileSync(envFile, `POSTGRES_PASSWORD=${password}\n`, { mode: 0o600 });
  } else {
    appendFileSync(envFile, `${existing.endsWith('\n') ? '' : '\n'}POSTGRES_PASSWORD=${password}\n`);
  }
}

/**
 * Runs the stores that did not answer in Docker, from docker-compose.yml (`docker compose up -d --wait` of those
 * services only), when Docker is usable. Returns the variables the launcher should then use (compose's stores
 * publish their ports on 127.0.0.1), or why nothing was started, so the launcher can say, as before, which store
 * is missing and how to start it.
 */
export async function startStoresWithDocker(
  missing: readonly StoreName[],
  env: NodeJS.ProcessEnv,
  options: DockerStoresOptions = {},
): Promise<DockerStoresResult> {
  const stores = [...new Set(missing)];
  const root = options.root ?? ROOT;
  const log = options.log ?? ((line: string) => console.log(line));
  if (!stores.length) return { started: true, stores, env: {} };

  const info = await run('docker', ['info'], env, options.infoTimeoutMs ?? 5000);
  if (info.code !== 0) {
    const why = info.failure ?? (lastLines(info.output, 1) || `docker info exited with ${info.code}`);
    return { started: false, stores, reason: `Docker is not usable (${why}).` };
  }

  const generated: string[] = [];
  const secret = (name: string) => {
    if (env[name]) return env[name]!;
    generated.push(name);
    // Hex: it goes into DATABASE_URL and NATS's configuration unescaped.
    return randomBytes(24).toString('hex');
  };
  const overrides: Record<string, string> = {};
  const composeEnv: Record<string, string> = {};
  if (stores.includes('postgres')) {
    const password = secret('POSTGRES_PASSWORD');
    composeEnv.POSTGRES_PASSWORD = password;
    overrides.DATABASE_URL = `postgres://medical_qr:${encodeURIComponent(password)}@127.0.0.1:${env.POSTGRES_PORT || 5432}/medical_qr`;
  }
  if (stores.includes('redis')) overrides.REDIS_URL = `redis://127.0.0.1:${env.REDIS_PORT || 6379}`;
  if (stores.includes('nats')) {
    // NATS keeps no passwords of its own: new ones for each start are fine, and none lands in .env.
    for (const process of STACK_PROCESSES) {
      const variable = natsPasswordVariable(process);
      composeEnv[variable] = overrides[variable] = secret(variable);
    }
    overrides.NATS_URL = `nats://127.0.0.1:${env.NATS_PORT || 4222}`;
  }

  for (const store of stores) log(`${LABELS[store]} did not answer; starting it with docker compose...`);
  if (generated.includes('POSTGRES_PASSWORD')) {
    keepPostgresPassword(options.envFile ?? `${root}.env`, composeEnv.POSTGRES_PASSWORD!);
    log('Wrote POSTGRES_PASSWORD to .env (the database volume keeps it).');
  }
  const composeFile = `${root}docker-compose.yml`;
  const up = await run(
    'docker',
    ['compose', '-f', composeFile, 'up', '-d', '--wait', ...stores],
    { ...placeholdersForRequired(composeFile, env), ...env, ...composeEnv },
    options.upTimeoutMs ?? 300_000,
  );
  if (up.code !== 0) {
    const why = up.failure ?? lastLines(up.output);
    return { started: false, stores, reason: `docker compose up ${stores.join(' ')} failed: ${why}` };
  }
  const where = stores.map(
    (store) => `${LABELS[store]} on 127.0.0.1:${new URL(overrides[URL_VARIABLES[store]]!).port}`,
  );
  log(`Started with docker compose: ${where.join(', ')} (\`docker compose stop ${stores.join(' ')}\` stops them).`);
  return { started: true, stores, env: overrides };
}
