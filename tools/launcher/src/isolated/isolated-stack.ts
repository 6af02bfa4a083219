import { createWriteStream, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase } from '@medical-qr/platform';
import { startStack, type RunningStack } from '../stack.js';
import { freePort } from './free-port.js';
import { PrivateNats } from './private-nats.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PG_SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface IsolatedStack {
  url: string;
  env: NodeJS.ProcessEnv;
  nats: PrivateNats;
  stack: RunningStack;
  stop(): Promise<void>;
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
    REDIS_PREFIX: `mqrtest${randomBytes(4).toString('hex')}`,
    ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}`,
    ENCRYPTION_KEY_ID: 'test1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    NATS_REQUEST_TIMEOUT_MS: '3000',
    ...overrides,
  };
}

/**
 * The whole system, built, as `npm start` runs it, but isolated (for tests and benchmarks): a private nats-server, a new
 * database, a Redis prefix of its own and a free port. Logs go to reports/logs/<label>.log.
 */
export async function startIsolatedStack(label: string, overrides: NodeJS.ProcessEnv = {}): Promise<IsolatedStack> {
  const nats = await PrivateNats.start();
  const databaseUrl = isolatedDatabaseUrl(label);
  await ensureDatabase(databaseUrl);
  const env = isolatedEnvironment({
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    PORT: String(await freePort()),
    ...overrides,
  });
  mkdirSync(`${ROOT}reports/logs`, { recursive: true });
  const log = createWriteStream(`${ROOT}reports/logs/${label}.log`);
  let stack: RunningStack;
  try {
    stack = await startStack({ env, onLine: (name, line) => log.write(`${name} ${line}\n`) });
  } catch (error) {
    await nats.kill();
    await dropDatabase(databaseUrl).catch(() => undefined);
    throw error;
  }
  return {
    url: stack.url,
    env,
    nats,
    stack,
    async stop() {
      await stack.stop();
      await nats.kill();
      await dropDatabase(databaseUrl).catch(() => undefined);
      log.end();
    },
  };
}
