import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '@medical-qr/platform';
import { formatLogLine } from './log-format.js';
import { ensureLocalSecrets, loadEnvFile } from './local-env.js';
import { describeUrl, findUnreachableStores } from './preflight.js';
import { describeProviders, standInProviders, startSandboxProcess, type RunningSandboxProcess } from './sandboxes.js';
import { startStack } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `npm start`: check the stores, create the database, start the provider stand-ins for every provider not configured
 * for real, run every process, print the URL, stop all on Ctrl-C.
 */
export async function main(): Promise<void> {
  const envFile = `${ROOT}.env`;
  const { added } = ensureLocalSecrets(envFile);
  if (added.length) console.log(`Wrote local secrets to .env: ${added.join(', ')} (keep it; it is git-ignored).`);
  loadEnvFile(envFile);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medical_qr',
    REDIS_URL: 'redis://127.0.0.1:6379',
    NATS_URL: 'nats://127.0.0.1:4222',
    PORT: '3000',
    // Local runs offer the demo account (DESIGN: on locally, off in production config).
    DEMO_LOGIN: 'true',
    ...process.env,
  };

  for (const variable of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'] as const) {
    try {
      new URL(env[variable]!);
    } catch {
      fail(`${variable} is not a valid URL: "${env[variable]}".`);
    }
  }
  const problems = await findUnreachableStores({
    DATABASE_URL: env.DATABASE_URL!,
    REDIS_URL: env.REDIS_URL!,
    NATS_URL: env.NATS_URL!,
  });
  if (problems.length) fail(problems.join('\n'));
  try {
    if (await ensureDatabase(env.DATABASE_URL!)) console.log(`Created database at ${describeUrl(env.DATABASE_URL!)}.`);
  } catch (error) {
    fail(`Cannot use the database named in DATABASE_URL: ${(error as Error).message}`);
  }

  const standIns = standInProviders(env);
  console.log(describeProviders(standIns));
  let sandboxes: RunningSandboxProcess | undefined;
  if (standIns.length) {
    console.log('Starting the provider stand-ins...');
    sandboxes = await startSandboxProcess({
      env,
      providers: standIns,
      onLine: (line) => console.log(formatLogLine('sandbox', line)),
    }).catch((error: Error) => fail(`Start-up failed: ${error.message}`));
    Object.assign(env, sandboxes.providerEnv);
  }

  console.log('Starting the services...');
  const stack = await startStack({
    env,
    onLine: (name, line) => console.log(formatLogLine(name, line)),
  }).catch(async (error: Error) => {
    await sandboxes?.stop();
    return fail(`Start-up failed: ${error.message}`);
  });

  console.log(`\nMedical QR is running at ${stack.url}`);
  if (standIns.includes('smtp')) console.log(`Mail sent locally: ${stack.url}/dev/mailbox`);
  if (standIns.includes('google'))
    console.log(`Google sign-in: local stand-in at http://localhost:${sandboxes!.httpPort}`);
  console.log('(Ctrl-C stops everything.)\n');

  const stopAll = async () => {
    await stack.stop();
    await sandboxes?.stop();
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
