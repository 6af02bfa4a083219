import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, natsPasswordVariable } from '@medical-qr/platform';
import { PrivateNats, type PrivateNatsOptions } from './isolated/private-nats.js';
import { formatLogLine } from './log-format.js';
import { ensureLocalSecrets, loadEnvFile } from './local-env.js';
import { findPortProblems } from './port-check.js';
import { startStoresWithDocker } from './docker-stores.js';
import { describeUrl, findUnreachableStores } from './preflight.js';
import {
  describeProviders,
  planSandboxes,
  sandboxBanner,
  sandboxPortClaims,
  startSandboxProcess,
  type RunningSandboxProcess,
  type SandboxPlan,
} from './sandboxes.js';
import { startStack, type RunningStack, type StackProcess } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How many copies of every process to run: `--replicas N` or REPLICAS, 1 to 8 (default 1). */
export function requestedReplicas(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const at = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  const given = at < 0 ? env.REPLICAS : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (given === undefined || given === '') return 1;
  const replicas = Number(given);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
    fail(`--replicas (or REPLICAS) must be a whole number from 1 to 8, not "${given}".`);
  }
  return replicas;
}

/** The local defaults, then .env (written with fresh secrets on the first run), then the environment, which wins. */
function localEnvironment(): NodeJS.ProcessEnv {
  const envFile = `${ROOT}.env`;
  const { added } = ensureLocalSecrets(envFile);
  if (added.length) console.log(`Wrote local secrets to .env: ${added.join(', ')} (keep it; it is git-ignored).`);
  loadEnvFile(envFile);
  natsChosenByUser = process.env.NATS_URL !== undefined;
  return {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medical_qr',
    REDIS_URL: 'redis://127.0.0.1:6379',
    NATS_URL: 'nats://127.0.0.1:4222',
    PORT: '3000',
    // Local runs offer the demo account (DESIGN: on locally, off in production config).
    DEMO_LOGIN: 'true',
    ...process.env,
  };
}

/** Whether NATS_URL came from the user (environment or .env) rather than the local default. */
let natsChosenByUser = false;

interface LocalNats {
  /** Each process's own NATS credentials. */
  credentialsOf(process: StackProcess): NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * `npm start`'s private server: the system's namespace, the store kept in .data/nats, and no `admin`
 * user (that one may do anything; only the test harness has it).
 */
export function localNatsOptions(env: NodeJS.ProcessEnv): PrivateNatsOptions {
  return { namespaces: [env.REDIS_PREFIX ?? 'mqr'], storeDir: `${ROOT}.data/nats`, withAdmin: false };
}

/**
 * NATS as production runs it, locked down: unless NATS_URL names a server of the user's, a private
 * nats-server with the permission file of the bus contract, each process signing in as itself, its
 * JetStream store in .data/nats so durable events outlive a restart. On a server of the user's, each
 * process signs in with NATS_PASSWORD_<PROCESS> when that is set.
 */
async function prepareNats(env: NodeJS.ProcessEnv): Promise<LocalNats> {
  const hasNatsServer = spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (natsChosenByUser || !hasNatsServer) {
    return {
      credentialsOf: (process) => {
        const password = env[natsPasswordVariable(process)];
        return password ? { NATS_USER: process, NATS_PASSWORD: password } : {};
      },
      stop: async () => undefined,
    };
  }
  const nats = await PrivateNats.start(localNatsOptions(env));
  env.NATS_URL = nats.url;
  console.log(`NATS: a private server at ${describeUrl(nats.url)}; every process signs in as itself.`);
  return { credentialsOf: (process) => ({ ...nats.credentialsOf(process) }), stop: () => nats.stop() };
}

/** Whether a store's URL is still `npm start`'s local default (only such a store may be started in Docker). */
const LOCAL_DEFAULTS = {
  postgres: ['DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/medical_qr'],
  redis: ['REDIS_URL', 'redis://127.0.0.1:6379'],
  nats: ['NATS_URL', 'nats://127.0.0.1:4222'],
} as const;

/**
 * Everything that would stop the system once started, found before anything is created: ports, then the stores.
 * Stores that do not answer at their local defaults are started from docker-compose.yml when Docker is there.
 */
async function preflight(env: NodeJS.ProcessEnv, plan: SandboxPlan): Promise<void> {
  for (const variable of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'] as const) {
    try {
      new URL(env[variable]!);
    } catch {
      fail(`${variable} is not a valid URL: "${env[variable]}".`);
    }
  }
  const [ports, stores] = await Promise.all([
    findPortProblems([
      { variable: 'PORT', port: Number(env.PORT), host: env.HOST ?? '127.0.0.1' },
      ...(plan.providers.length ? sandboxPortClaims(plan, env) : []),
    ]),
    findUnreachableStores({ DATABASE_URL: env.DATABASE_URL!, REDIS_URL: env.REDIS_URL!, NATS_URL: env.NATS_URL! }),
  ]);
  if (ports) fail([ports, ...stores.map((store) => store.message)].join('\n\n'));
  const local = stores.filter(({ store }) => env[LOCAL_DEFAULTS[store][0]] === LOCAL_DEFAULTS[store][1]);
  if (stores.length === 0) return;
  if (local.length === stores.length) {
    const docker = await startStoresWithDocker(
      local.map(({ store }) => store),
      env,
    );
    if (docker.started) return void Object.assign(env, docker.env);
    fail([...stores.map((store) => store.message), docker.reason].join('\n\n'));
  }
  fail(stores.map((store) => store.message).join('\n\n'));
}

/** "Created database medical_qr on 127.0.0.1:5432", the line `npm start` prints when it makes the database. */
export function createdDatabaseMessage(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return `Created database ${name} on ${describeUrl(databaseUrl)}.`;
}

async function prepareDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  try {
    if (await ensureDatabase(env.DATABASE_URL!)) console.log(createdDatabaseMessage(env.DATABASE_URL!));
  } catch (error) {
    fail(`Cannot use the database named in DATABASE_URL: ${(error as Error).message}`);
  }
}

async function startStandIns(env: NodeJS.ProcessEnv, plan: SandboxPlan): Promise<RunningSandboxProcess | undefined> {
  console.log(describeProviders(env));
  if (!plan.providers.length) return undefined;
  console.log('Starting the provider stand-ins...');
  const sandboxes = await startSandboxProcess({
    env,
    plan,
    productUrl: `http://127.0.0.1:${env.PORT}`,
    onLine: (line) => console.log(formatLogLine('sandbox', line)),
  }).catch((error: Error) => fail(`Start-up failed: ${error.message}`));
  Object.assign(env, sandboxes.providerEnv);
  return sandboxes;
}

/**
 * `npm start`: check ports and stores, create the database, start the provider stand-ins for every provider not
 * configured for real, run every process, print the URL, stop all on Ctrl-C.
 */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const env = localEnvironment();
  const replicas = requestedReplicas(argv, env);
  const plan = planSandboxes(env);
  const nats = await prepareNats(env);
  // A failed check exits; the private NATS server dies with this process.
  await preflight(env, plan);
  await prepareDatabase(env);
  const sandboxes = await startStandIns(env, plan);

  console.log(replicas > 1 ? `Starting ${replicas} copies of every service...` : 'Starting the services...');
  const stack = await startStack({
    // Each process gets its own NATS password (envOf), never the others'.
    env: Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('NATS_PASSWORD_'))),
    envOf: (process) => nats.credentialsOf(process),
    replicas,
    onLine: (name, line) => console.log(formatLogLine(name, line)),
  }).catch(async (error: Error) => {
    await sandboxes?.stop();
    await nats.stop();
    return fail(`Start-up failed: ${error.message}`);
  });

  console.log(`\nMedical QR is running at ${stack.url}`);
  if (replicas > 1) {
    const gateways = stack.instances.filter((instance) => instance.process === 'gateway');
    console.log(`(a local balancer in front of ${gateways.map((gateway) => gateway.url).join(' and ')})`);
  }
  console.log(
    `Metrics: ${stack.instances.map((instance) => `${instance.id} ${instance.metricsUrl}/metrics`).join(', ')}`,
  );
  for (const line of sandboxBanner(plan, env, stack.url)) console.log(line);
  console.log('(Ctrl-C stops everything.)\n');
  stopTogether(stack, sandboxes, nats);
}

/** Ctrl-C or SIGTERM stops every process; so does any process that exits on its own. */
function stopTogether(stack: RunningStack, sandboxes: RunningSandboxProcess | undefined, nats: LocalNats): void {
  const stopAll = async () => {
    await stack.stop();
    await sandboxes?.stop();
    await nats.stop();
  };
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping every process...`);
    await stopAll();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('Ctrl-C'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const crashes: Array<Promise<{ process: string; code: number | null }>> = [stack.crashed];
  if (sandboxes) crashes.push(sandboxes.crashed);
  void Promise.race(crashes).then(async ({ process: name, code }) => {
    if (stopping) return;
    stopping = true;
    console.error(`${name} exited unexpectedly (code ${code}).`);
    await stopAll();
    process.exit(1);
  });
}

function fail(message: string): never {
  console.error(`\nMedical QR cannot start:\n${message}\n`);
  process.exit(1);
}
