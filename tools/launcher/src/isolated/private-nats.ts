import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUS_PROCESSES, type BusProcess } from '@medical-qr/contracts';
import { natsAuthorizationConfig } from '@medical-qr/platform';
import { waitWhileStarting } from '../ready-wait.js';
import { freePort } from './free-port.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? 'nats-server';
/** The image the server runs from with TESTCONTAINERS=1, as in docker-compose.yml. */
const NATS_IMAGE = 'nats:2.10-alpine';

/** Whether the server on this port sends its INFO greeting (a port alone is not enough: Docker's proxy accepts first). */
function greets(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: boolean) => (socket.destroy(), resolve(answer));
    socket.setTimeout(1000, () => done(false));
    socket.once('data', (data) => done(String(data).startsWith('INFO')));
    socket.once('error', () => done(false));
    socket.once('close', () => resolve(false));
  });
}

/** Waits for the greeting while the server is starting; fails at once when it exits. */
async function waitForServer(port: number, exited: Promise<string>): Promise<void> {
  await waitWhileStarting({
    what: `nats-server on port ${port}`,
    probe: async () => ((await greets(port)) ? undefined : 'no INFO greeting yet'),
    failed: exited,
    intervalMs: 50,
  });
}

/** How one process signs in to NATS: the variables the launcher gives it. */
export interface NatsCredentials {
  NATS_USER: string;
  NATS_PASSWORD: string;
}

export interface PrivateNatsOptions {
  /** The copies of the system (REDIS_PREFIX values) it carries; the permissions name their subjects. */
  namespaces?: readonly string[];
  /** A folder for the JetStream store that outlives this server (npm start's); by default a temp folder removed at stop. */
  storeDir?: string;
  /**
   * Runs the server in a Docker container (NATS_IMAGE) instead of the local nats-server binary: the
   * default with TESTCONTAINERS=1, for a machine that has Docker but not NATS.
   */
  inDocker?: boolean;
  /**
   * Whether the server has the harness's `admin` user, who may do anything (default: yes, for tests
   * that publish events and call services directly). `npm start` runs without it.
   */
  withAdmin?: boolean;
}

/**
 * A nats-server of its own on a free loopback port, locked down as in production: every process of
 * the system has a user with a random password and the permissions the bus contract gives it
 * (bus-permissions), and a connection without a known user is refused. Tests never share subjects
 * with a running `npm start` and can stop and restart it at will. The harness signs in as `admin`,
 * which may do anything (tests only: `npm start` leaves it out). JetStream is on, its store in a temp folder of its own that outlives
 * outages (kill, resume) and is removed when the server stops for good.
 */
export class PrivateNats {
  private process?: ChildProcess;
  private container?: string;
  private readonly passwords = new Map<BusProcess | 'admin', string>(
    [...BUS_PROCESSES, 'admin' as const].map((user) => [user, randomBytes(18).toString('base64url')]),
  );
  private readonly removeStoreOnExit = () => rmSync(this.storeDir, { recursive: true, force: true });
  private readonly removeConfigOnExit = () => rmSync(dirname(this.configFile), { recursive: true, force: true });
  readonly configFile: string;

  private constructor(
    readonly port: number,
    readonly storeDir: string,
    private readonly keepStore: boolean,
    namespaces: readonly string[],
    private readonly inDocker: boolean,
    private readonly withAdmin: boolean,
  ) {
    this.configFile = join(mkdtempSync(join(tmpdir(), 'mqr-nats-conf-')), 'nats-server.conf');
    writeFileSync(
      this.configFile,
      natsAuthorizationConfig({
        namespaces,
        password: (user) => ({ literal: this.passwords.get(user)! }),
        admin: withAdmin ? { user: 'admin', password: this.passwords.get('admin')! } : undefined,
      }),
      { mode: 0o600 },
    );
  }

  static async start(options: PrivateNatsOptions = {}): Promise<PrivateNats> {
    const storeDir = options.storeDir ?? mkdtempSync(join(tmpdir(), 'mqr-nats-'));
    const inDocker = options.inDocker ?? process.env.TESTCONTAINERS === '1';
    const nats = new PrivateNats(
      await freePort(),
      storeDir,
      Boolean(options.storeDir),
      options.namespaces ?? [],
      inDocker,
      options.withAdmin ?? true,
    );
    if (!nats.keepStore) process.once('exit', nats.removeStoreOnExit);
    process.once('exit', nats.removeConfigOnExit);
    await nats.resume();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** The user and password of one process of the system. */
  credentialsOf(process: BusProcess): NatsCredentials {
    return { NATS_USER: process, NATS_PASSWORD: this.passwords.get(process)! };
  }

  /** Settings for a harness connection that may do anything (tests publish events and call services directly). */
  get admin(): NatsCredentials & { NATS_URL: string } {
    if (!this.withAdmin) throw new Error('This NATS server was started without the admin user.');
    return { NATS_URL: this.url, NATS_USER: 'admin', NATS_PASSWORD: this.passwords.get('admin')! };
  }

  /** Starts (again) on the same port, with the same JetStream store: durable streams and consumers survive. */
  async resume(): Promise<void> {
    if (this.inDocker) return this.resumeInDocker();
    const args = ['-c', this.configFile, '-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir];
    // A process group of its own: Ctrl-C in a terminal reaches the launcher and the services, which drain
    // their work through NATS; the server must outlast them, and is stopped last (stop(), or on exit).
    const child = spawn(NATS_SERVER, args, { stdio: 'ignore', detached: true });
    // Never outlive the test process, even when it force-exits.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    this.process = child;
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => resolve(`exited with ${signal ?? `code ${code}`}`));
      child.once('error', (error) => resolve(error.message));
    });
    await waitForServer(this.port, exited);
  }

  /**
   * The same server in a container: this port on loopback, the configuration and the JetStream store
   * mounted from this machine (so they outlive the container, as the binary's do), run as this user so
   * the store stays removable. `kill()` removes the container; resuming runs a new one on the same store.
   */
  private async resumeInDocker(): Promise<void> {
    const name = `mqr-nats-${this.port}-${randomBytes(3).toString('hex')}`;
    const user = typeof process.getuid === 'function' ? [`--user`, `${process.getuid()}:${process.getgid!()}`] : [];
    const run = spawnSync(
      'docker',
      [
        'run',
        '-d',
        '--name',
        name,
        ...user,
        '-p',
        `127.0.0.1:${this.port}:4222`,
        '-v',
        `${dirname(this.configFile)}:/etc/nats:ro`,
        '-v',
        `${this.storeDir}:/data`,
        NATS_IMAGE,
        '-c',
        '/etc/nats/nats-server.conf',
        '-js',
        '-sd',
        '/data',
      ],
      { encoding: 'utf8', env: process.env },
    );
    if (run.status !== 0)
      throw new Error(`docker run ${NATS_IMAGE} failed: ${(run.stderr || run.error?.message) ?? ''}`);
    this.container = name;
    process.once('exit', this.removeContainerOnExit);
    // Docker restarts nothing here and reports no exit to wait on: the hang backstop ends a container that never greets.
    await waitForServer(this.port, new Promise<string>(() => {}));
  }

  private readonly removeContainerOnExit = () => {
    if (this.container) spawnSync('docker', ['rm', '-f', this.container], { stdio: 'ignore', env: process.env });
    this.container = undefined;
  };

  /** Kills the server for good and removes its configuration and (unless kept) its store. */
  async stop(): Promise<void> {
    await this.kill();
    process.off('exit', this.removeConfigOnExit);
    this.removeConfigOnExit();
    if (this.keepStore) return;
    process.off('exit', this.removeStoreOnExit);
    this.removeStoreOnExit();
  }

  /** Kills the server, as an outage would; its store stays for `resume()`. */
  async kill(): Promise<void> {
    if (this.inDocker) {
      process.off('exit', this.removeContainerOnExit);
      return this.removeContainerOnExit();
    }
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
