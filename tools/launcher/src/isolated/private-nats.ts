import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? 'nats-server';

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * A nats-server of the test's own on a free loopback port, so tests never share subjects with a
 * running `npm start` and can stop and restart it at will (the shared server is never touched).
 * JetStream is on, its store in a temp folder of its own that outlives outages (kill, resume) and
 * is removed when the server stops for good.
 */
export class PrivateNats {
  private process?: ChildProcess;
  private readonly removeStoreOnExit = () => rmSync(this.storeDir, { recursive: true, force: true });

  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  static async start(): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), mkdtempSync(join(tmpdir(), 'mqr-nats-')));
    process.once('exit', nats.removeStoreOnExit);
    await nats.resume();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, with the same JetStream store: durable streams and consumers survive. */
  async resume(): Promise<void> {
    const args = ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir];
    const child = spawn(NATS_SERVER, args, { stdio: 'ignore' });
    // Never outlive the test process, even when it force-exits.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    this.process = child;
    await waitForPort(this.port, 5000);
  }

  /** Kills the server for good and removes its store. */
  async stop(): Promise<void> {
    await this.kill();
    process.off('exit', this.removeStoreOnExit);
    this.removeStoreOnExit();
  }

  /** Kills the server, as an outage would; its store stays for `resume()`. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
