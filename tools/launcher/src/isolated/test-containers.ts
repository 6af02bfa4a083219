// Opt-in (TESTCONTAINERS=1): PostgreSQL and Redis for a test run in throwaway Docker containers, for a
// machine that has Docker but not the two servers. Without it the suite uses the local servers, as before.
// Not exported from the package index: `npm start` never loads testcontainers.
//
// NATS is not started here: every test starts private servers of its own (PrivateNats), and with
// TESTCONTAINERS=1 each of those runs in a container of nats:2.10-alpine instead of the local binary.
import { randomBytes } from 'node:crypto';
import type { StartedTestContainer } from 'testcontainers';

export interface RunningTestContainers {
  /** The server without a database, as TEST_POSTGRES_URL wants it: postgres://postgres:<pw>@<host>:<port> */
  postgresUrl: string;
  /** redis://<host>:<port> */
  redisUrl: string;
  stop(): Promise<void>;
}

export const testContainersWanted = (env: NodeJS.ProcessEnv = process.env) => env.TESTCONTAINERS === '1';

/** Starts PostgreSQL 17 and Redis 7 side by side; stops whichever started if the other fails. */
export async function startTestContainers(): Promise<RunningTestContainers> {
  // Loaded here, not at the top: a run without containers never pays for the Docker client.
  const { GenericContainer, Wait } = await import('testcontainers');
  const password = randomBytes(16).toString('hex');

  const postgres = new GenericContainer('postgres:17-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: password })
    // Throwaway data: no fsync. Every test file makes databases and the end-to-end systems hold pools.
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=300'])
    .withExposedPorts(5432)
    // Over TCP: during initialisation the server listens on its socket only.
    .withHealthCheck({
      test: ['CMD-SHELL', 'pg_isready -h 127.0.0.1 -U postgres'],
      interval: 1000,
      timeout: 3000,
      retries: 60,
    })
    .withWaitStrategy(Wait.forHealthCheck())
    .start();
  const redis = new GenericContainer('redis:7-alpine')
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
    .start();

  const [startedPostgres, startedRedis] = await Promise.allSettled([postgres, redis]);
  const started = [startedPostgres, startedRedis]
    .filter((result) => result.status === 'fulfilled')
    .map((result) => (result as PromiseFulfilledResult<StartedTestContainer>).value);
  const stop = async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
  if (startedPostgres.status === 'rejected' || startedRedis.status === 'rejected') {
    await stop();
    const failed = [startedPostgres, startedRedis].find((result) => result.status === 'rejected');
    throw (failed as PromiseRejectedResult).reason;
  }
  const pg = startedPostgres.value;
  const rd = startedRedis.value;
  return {
    postgresUrl: `postgres://postgres:${password}@${pg.getHost()}:${pg.getMappedPort(5432)}`,
    redisUrl: `redis://${rd.getHost()}:${rd.getMappedPort(6379)}`,
    stop,
  };
}
