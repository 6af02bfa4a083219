import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabase } from '@medical-qr/platform';
import { PrivateNats } from './isolated/private-nats.js';
import { createdDatabaseMessage, localNatsOptions, requestedReplicas } from './start.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PG_SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

function listen(host: string): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, host, () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

/** Runs the built launcher's `main()` as `npm start` does after building, and collects what it prints. */
function runLauncher(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const entry = new URL('../dist/index.js', import.meta.url).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', `(await import('${entry}')).main();`], {
    cwd: ROOT,
    env,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    return Boolean((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount);
  } finally {
    await client.end();
  }
}

describe('npm start', () => {
  it('names the database it created', () => {
    expect(createdDatabaseMessage('postgres://postgres:secret@127.0.0.1:5432/medical_qr')).toBe(
      'Created database medical_qr on 127.0.0.1:5432.',
    );
  });

  it('runs as many copies as --replicas or REPLICAS asks, one by default', () => {
    expect(requestedReplicas([], {})).toBe(1);
    expect(requestedReplicas(['--replicas', '2'], {})).toBe(2);
    expect(requestedReplicas(['--replicas=3'], { REPLICAS: '2' })).toBe(3);
    expect(requestedReplicas([], { REPLICAS: '2' })).toBe(2);
  });

  it('refuses a replica count it cannot run, before starting anything', async () => {
    const { code, output } = await runLauncher({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      REPLICAS: 'two',
      // Set, so the launcher writes no secrets into this checkout's .env.
      ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      ENCRYPTION_KEY_ID: 'k1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      EMAIL_INDEX_KEY: randomBytes(32).toString('hex'),
    });
    expect(code).toBe(1);
    expect(output).toContain('--replicas (or REPLICAS) must be a whole number from 1 to 8, not "two".');
  });

  // Runs the built tools/launcher (npm test builds first).
  it('reports every busy port in one message, before it creates a database', async () => {
    const held = await Promise.all([listen('127.0.0.1'), listen('127.0.0.1'), listen('0.0.0.0')]);
    const [gateway, sandboxHttp, smtp] = held.map(portOf);
    const nats = await PrivateNats.start();
    const database = `mqr_test_ports_${randomBytes(4).toString('hex')}`;
    try {
      const { code, output } = await runLauncher({
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: `${PG_SERVER}/${database}`,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        NATS_URL: nats.url,
        PORT: String(gateway),
        SANDBOX_HTTP_PORT: String(sandboxHttp),
        SANDBOX_SMTP_PORT: String(smtp),
        // Set, so the launcher writes no secrets into this checkout's .env.
        ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        ENCRYPTION_KEY_ID: 'k1',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        EMAIL_INDEX_KEY: randomBytes(32).toString('hex'),
      });
      expect(code).toBe(1);
      expect(output).toContain(
        [
          'Medical QR cannot start:',
          'These ports are already in use (another npm start?):',
          `  ${gateway} (PORT)`,
          `  ${sandboxHttp} (SANDBOX_HTTP_PORT)`,
          `  ${smtp} (SANDBOX_SMTP_PORT)`,
          'Stop what holds them, or set PORT, SANDBOX_HTTP_PORT, SANDBOX_SMTP_PORT to free ports (in .env or the environment).',
        ].join('\n'),
      );
      expect(output).not.toContain('Created database');
      expect(await databaseExists(database)).toBe(false);
    } finally {
      await dropDatabase(`${PG_SERVER}/${database}`);
      await nats.stop();
      await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});

describe("npm start's private NATS server", () => {
  const adminUser = /user: "admin"/;

  it('has no admin user, while the test harness has one', async () => {
    const storeDir = mkdtempSync(join(tmpdir(), 'mqr-nats-start-'));
    const local = await PrivateNats.start({ ...localNatsOptions({ REDIS_PREFIX: 'mqr' }), storeDir });
    const harness = await PrivateNats.start();
    try {
      expect(readFileSync(local.configFile, 'utf8')).not.toMatch(adminUser);
      expect(() => local.admin).toThrow('without the admin user');
      expect(readFileSync(harness.configFile, 'utf8')).toMatch(adminUser);
      expect(harness.admin.NATS_USER).toBe('admin');
    } finally {
      await Promise.all([local.stop(), harness.stop()]);
    }
  });
});
