import { createWriteStream, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase } from '@medical-qr/platform';
import { PROVIDERS } from '@medical-qr/sandboxes';
import { planSandboxes, sandboxPortVariables, startSandboxProcess, type RunningSandboxProcess } from '../sandboxes.js';
import { startStack, type RunningStack, type StackProcess } from '../stack.js';
import { freePorts } from './free-port.js';
import { PrivateNats } from './private-nats.js';
import { removeRedisKeys } from './redis-cleanup.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PG_SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface IsolatedStackOptions {
  /**
   * Runs on this nats-server instead of one of its own (and leaves it running), as a second copy of
   * the system on the same machine would; its REDIS_PREFIX keeps its subjects apart (the server must
   * have been started with that namespace, and the overrides must set REDIS_PREFIX to it).
   */
  nats?: PrivateNats;
  /** Copies of every process (default 1); with more, the gateways sit behind a local balancer. */
  replicas?: number;
}

export interface IsolatedStack {
  url: string;
  env: NodeJS.ProcessEnv;
  /** The environment one process of the system runs with: `env` and its own NATS credentials. */
  envOf(process: StackProcess): NodeJS.ProcessEnv;
  nats: PrivateNats;
  stack: RunningStack;
  /** The provider stand-ins (SMTP catcher, Google OAuth, Stripe, Printify, Twilio) this system uses, e.g. `${sandboxUrl}/dev/mailbox.json`. */
  sandboxUrl: string;
  sandboxes: RunningSandboxProcess;
  stop(): Promise<void>;
}

/** A fresh namespace (REDIS_PREFIX) for one copy of the system. */
export function isolatedNamespace(): string {
  return `mqrtest${randomBytes(4).toString('hex')}`;
}

/** A fresh database name, unique to this run. */
export function isolatedDatabaseUrl(label: string): string {
  return `${PG_SERVER}/mqr_test_${label}_${randomBytes(4).toString('hex')}`;
}

/** Settings every test process gets: its own database, Redis prefix and NATS server. */
export function isolatedEnvironment(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    REDIS_URL,
    REDIS_PREFIX: isolatedNamespace(),
    ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
    ENCRYPTION_KEY_ID: 'test1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    EMAIL_INDEX_KEY: randomBytes(32).toString('base64url'),
    // Longer than production's 5 s: a test run keeps a 2-core machine saturated, where a password hash can take
    // seconds; a suite that times the deadline sets its own.
    NATS_REQUEST_TIMEOUT_MS: '10000',
    ...overrides,
  };
}

/**
 * The whole system, built, as `npm start` runs it, but isolated (for tests and benchmarks): a private nats-server, a new
 * database, a Redis prefix of its own and a free port, and its own provider stand-ins (tools/sandboxes) on free ports,
 * which every process is pointed at (overrides win). Logs go to reports/logs/<label>.log.
 */
export async function startIsolatedStack(
  label: string,
  overrides: NodeJS.ProcessEnv = {},
  options: IsolatedStackOptions = {},
): Promise<IsolatedStack> {
  const namespace = overrides.REDIS_PREFIX ?? isolatedNamespace();
  // A shared server belongs to the caller, who stops it; only a server of the stack's own dies with it.
  const nats = options.nats ?? (await PrivateNats.start({ namespaces: [namespace] }));
  const stopNats = options.nats ? async () => undefined : () => nats.stop();
  const databaseUrl = isolatedDatabaseUrl(label);
  mkdirSync(`${ROOT}reports/logs`, { recursive: true });
  const log = createWriteStream(`${ROOT}reports/logs/${label}.log`);
  // Always NODE_ENV=test for the stand-ins, even when a test runs the services as production.
  const sandboxEnv = isolatedEnvironment(
    Object.fromEntries(
      Object.entries(overrides).filter(([name]) => name.startsWith('SANDBOX_') || name === 'LOG_LEVEL'),
    ),
  );
  const ports = await freePorts(['PORT', ...sandboxPortVariables(PROVIDERS)]);
  const plan = planSandboxes(sandboxEnv, PROVIDERS, ports);
  const env = isolatedEnvironment({
    REDIS_PREFIX: namespace,
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    PORT: String(ports.PORT),
    ...plan.providerEnv,
    ...overrides,
  });
  const cleanUp = async () => {
    await stopNats();
    await dropDatabase(databaseUrl).catch(() => undefined);
    // Sessions, limits and queues the system left in the shared Redis, all under its own prefix.
    await removeRedisKeys(env.REDIS_URL!, env.REDIS_PREFIX!).catch(() => undefined);
    log.end();
  };
  try {
    await ensureDatabase(databaseUrl);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // The stand-ins' ports are chosen above, so they start alongside the services rather than a second before them
  // (no service calls a provider while starting); both must answer before the system is handed over.
  const [sandboxStart, stackStart] = await Promise.allSettled([
    startSandboxProcess({
      env: sandboxEnv,
      plan,
      productUrl: `http://127.0.0.1:${ports.PORT}`,
      onLine: (line) => log.write(`sandboxes ${line}\n`),
    }),
    startStack({
      env,
      envOf: (process) => ({ ...nats.credentialsOf(process) }),
      replicas: options.replicas,
      onLine: (name, line) => log.write(`${name} ${line}\n`),
    }),
  ]);
  if (sandboxStart.status === 'rejected' || stackStart.status === 'rejected') {
    if (stackStart.status === 'fulfilled') await stackStart.value.stop();
    if (sandboxStart.status === 'fulfilled') await sandboxStart.value.stop();
    await cleanUp();
    throw sandboxStart.status === 'rejected' ? sandboxStart.reason : (stackStart as PromiseRejectedResult).reason;
  }
  const sandboxes: RunningSandboxProcess = sandboxStart.value;
  const stack: RunningStack = stackStart.value;
  return {
    url: stack.url,
    env,
    envOf: (process) => ({ ...env, ...nats.credentialsOf(process) }),
    nats,
    stack,
    sandboxUrl: sandboxes.url,
    sandboxes,
    async stop() {
      await stack.stop();
      await sandboxes.stop();
      await cleanUp();
    },
  };
}
