import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '@medical-qr/platform';
import { formatLogLine } from './log-format.js';
import { ensureLocalSecrets, loadEnvFile } from './local-env.js';
import { describeUrl, findUnreachableStores } from './preflight.js';
import { startStack } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm start`: check the stores, create the database, run every process, print the URL, stop all on Ctrl-C. */
export async function main(): Promise<void> {
  const envFile = `${ROOT}.env`;
  if (!process.env.ENCRYPTION_KEYS && ensureLocalSecrets(envFile).created) {
    console.log('Created .env with local secrets (keep it; it is git-ignored).');
  }
  loadEnvFile(envFile);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medical_qr',
    REDIS_URL: 'redis://127.0.0.1:6379',
    NATS_URL: 'nats://127.0.0.1:4222',
    PORT: '3000',
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

  console.log('Starting the services...');
  const stack = await startStack({
    env,
    onLine: (name, line) => console.log(formatLogLine(name, line)),
  }).catch((error: Error) => fail(`Start-up failed: ${error.message}`));

  console.log(`\nMedical QR is running at ${stack.url}\n(Ctrl-C stops everything.)\n`);

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping every process...`);
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('Ctrl-C'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  void stack.crashed.then(async ({ process: name, code }) => {
    if (stopping) return;
    console.error(`${name} exited unexpectedly (code ${code}).`);
    await stack.stop();
    process.exit(1);
  });
}

function fail(message: string): never {
  console.error(`\nMedical QR cannot start:\n${message}\n`);
  process.exit(1);
}
