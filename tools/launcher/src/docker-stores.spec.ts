// startStoresWithDocker against a stand-in `docker` (a shell script first on PATH) that records how it was called:
// the real function, real child processes, no Docker needed.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStoresWithDocker } from './docker-stores.js';
import { STACK_PROCESSES } from './stack.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NATS_PASSWORDS = STACK_PROCESSES.map((process) => `NATS_PASSWORD_${process.toUpperCase()}`);
/** The variables the stand-in writes down at each call, besides its arguments. */
const RECORDED = ['POSTGRES_PASSWORD', 'SMTP_URL', 'ENCRYPTION_KEYS', ...NATS_PASSWORDS];

interface Call {
  args: string[];
  env: Record<string, string>;
}

let dir: string;
let log: string;
let lines: string[];

/** A `docker` that records its call, then answers `docker info` and `docker compose` as told. */
function fakeDocker(script: { info?: string; compose?: string } = {}) {
  const bin = join(dir, 'bin');
  writeFileSync(
    join(bin, 'docker'),
    [
      '#!/bin/sh',
      `printf 'CALL\\n' >> "$FAKE_DOCKER_LOG"`,
      `for arg in "$@"; do printf 'ARG %s\\n' "$arg" >> "$FAKE_DOCKER_LOG"; done`,
      ...RECORDED.map((name) => `printf 'ENV ${name}=%s\\n' "$${name}" >> "$FAKE_DOCKER_LOG"`),
      'case "$1" in',
      `  info) ${script.info ?? 'exit 0'} ;;`,
      `  compose) ${script.compose ?? 'echo " Container medical-qr-postgres-1  Healthy"; exit 0'} ;;`,
      'esac',
      'exit 64',
    ].join('\n'),
  );
  chmodSync(join(bin, 'docker'), 0o755);
}

function calls(): Call[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('CALL\n')
    .filter(Boolean)
    .map((block) => {
      const call: Call = { args: [], env: {} };
      for (const line of block.split('\n').filter(Boolean)) {
        if (line.startsWith('ARG ')) call.args.push(line.slice(4));
        else {
          const [name, ...value] = line.slice(4).split('=');
          call.env[name!] = value.join('=');
        }
      }
      return call;
    });
}

function options(extra: Parameters<typeof startStoresWithDocker>[2] = {}) {
  return { envFile: join(dir, '.env'), log: (line: string) => lines.push(line), ...extra };
}

const baseEnv = () => ({ PATH: join(dir, 'bin'), FAKE_DOCKER_LOG: log });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mqr-docker-stores-'));
  log = join(dir, 'calls.log');
  lines = [];
  // The only folder on PATH: no `docker` at all until fakeDocker() writes one.
  mkdirSync(join(dir, 'bin'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('startStoresWithDocker', () => {
  it('starts only the stores that did not answer, with docker compose up --wait, and says so', async () => {
    fakeDocker();
    const result = await startStoresWithDocker(['postgres', 'nats'], baseEnv(), options());

    const [info, up] = calls();
    expect(info!.args).toEqual(['info']);
    expect(up!.args).toEqual(['compose', '-f', `${ROOT}docker-compose.yml`, 'up', '-d', '--wait', 'postgres', 'nats']);
    expect(calls()).toHaveLength(2);
    expect(lines).toEqual([
      'PostgreSQL did not answer; starting it with docker compose...',
      'NATS did not answer; starting it with docker compose...',
      'Wrote POSTGRES_PASSWORD to .env (the database volume keeps it).',
      expect.stringMatching(/^Started with docker compose: PostgreSQL on 127\.0\.0\.1:5432, NATS on 127\.0\.0\.1:4222/),
    ]);

    // Compose got a database password and one NATS password per process, and the launcher gets the same ones.
    const password = up!.env.POSTGRES_PASSWORD!;
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(result).toEqual({
      started: true,
      stores: ['postgres', 'nats'],
      env: {
        DATABASE_URL: `postgres://medical_qr:${password}@127.0.0.1:5432/medical_qr`,
        NATS_URL: 'nats://127.0.0.1:4222',
        ...Object.fromEntries(NATS_PASSWORDS.map((name) => [name, up!.env[name]])),
      },
    });
    const natsPasswords = NATS_PASSWORDS.map((name) => up!.env[name]);
    expect(new Set(natsPasswords).size).toBe(STACK_PROCESSES.length);
    for (const value of natsPasswords) expect(value).toMatch(/^[0-9a-f]{48}$/);
    // Compose reads the whole file: the processes' required variables get placeholders, the stores never see them.
    expect(up!.env.SMTP_URL).toBe('unused-by-the-stores');
    expect(up!.env.ENCRYPTION_KEYS).toBe('unused-by-the-stores');
    // The volume keeps the first password: the next start must find it; NATS passwords are not kept.
    expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(`POSTGRES_PASSWORD=${password}\n`);
  });

  it("uses the passwords, ports and secrets already set, and keeps the user's values over placeholders", async () => {
    fakeDocker();
    const env = {
      ...baseEnv(),
      POSTGRES_PASSWORD: 'fromDotEnv1',
      POSTGRES_PORT: '15432',
      REDIS_PORT: '16379',
      NATS_PASSWORD_SHOP: 'shop-password-from-env',
      ENCRYPTION_KEYS: 'k1:from-env',
    };
    const result = await startStoresWithDocker(['postgres', 'redis', 'nats'], env, options());
    const up = calls()[1]!;
    expect(up.env).toMatchObject({
      POSTGRES_PASSWORD: 'fromDotEnv1',
      NATS_PASSWORD_SHOP: 'shop-password-from-env',
      ENCRYPTION_KEYS: 'k1:from-env',
    });
    expect(result).toMatchObject({
      started: true,
      env: {
        DATABASE_URL: 'postgres://medical_qr:fromDotEnv1@127.0.0.1:15432/medical_qr',
        REDIS_URL: 'redis://127.0.0.1:16379',
        NATS_PASSWORD_SHOP: 'shop-password-from-env',
      },
    });
    expect(existsSync(join(dir, '.env'))).toBe(false);
  });

  it('fills in an empty POSTGRES_PASSWORD= line of .env instead of adding a second one', async () => {
    fakeDocker();
    writeFileSync(join(dir, '.env'), 'SESSION_SECRET=abc\nPOSTGRES_PASSWORD=\nLOG_LEVEL=info\n');
    await startStoresWithDocker(['postgres'], baseEnv(), options());
    const password = calls()[1]!.env.POSTGRES_PASSWORD;
    expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(
      `SESSION_SECRET=abc\nPOSTGRES_PASSWORD=${password}\nLOG_LEVEL=info\n`,
    );
  });

  it('starts nothing when the Docker engine does not answer, and says why', async () => {
    fakeDocker({ info: 'echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock." >&2; exit 1' });
    const result = await startStoresWithDocker(['redis'], baseEnv(), options());
    expect(result).toEqual({
      started: false,
      stores: ['redis'],
      reason: 'Docker is not usable (Cannot connect to the Docker daemon at unix:///var/run/docker.sock.).',
    });
    expect(calls().map((call) => call.args[0])).toEqual(['info']);
    expect(lines).toEqual([]);
  });

  it('starts nothing when there is no docker command at all', async () => {
    const result = await startStoresWithDocker(['postgres', 'redis'], baseEnv(), options());
    expect(result).toEqual({
      started: false,
      stores: ['postgres', 'redis'],
      reason: 'Docker is not usable (docker is not installed).',
    });
    expect(lines).toEqual([]);
    expect(existsSync(join(dir, '.env'))).toBe(false);
  });

  it('gives up on a docker info that does not answer in time', async () => {
    fakeDocker({ info: 'exec /bin/sleep 10' });
    const started = Date.now();
    const result = await startStoresWithDocker(['nats'], baseEnv(), options({ infoTimeoutMs: 300 }));
    expect(result).toMatchObject({ started: false, reason: expect.stringContaining('no answer within 0.3 s') });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports what docker compose said when it fails', async () => {
    fakeDocker({ compose: 'echo "Error response from daemon: port is already allocated" >&2; exit 1' });
    const result = await startStoresWithDocker(['postgres'], baseEnv(), options());
    expect(result).toEqual({
      started: false,
      stores: ['postgres'],
      reason: 'docker compose up postgres failed: Error response from daemon: port is already allocated',
    });
  });

  it('has nothing to do when every store answered', async () => {
    fakeDocker();
    expect(await startStoresWithDocker([], baseEnv(), options())).toEqual({ started: true, stores: [], env: {} });
    expect(calls()).toEqual([]);
  });
});
