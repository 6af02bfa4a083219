import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '@medical-qr/launcher';

/** Whether a Redis answers PING on `port`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A redis-server of a test's own on a free loopback port, without persistence: killed and started again, it comes
 * back empty, as a Redis that lost its data does (sessions, queued and delayed jobs, schedules all gone).
 */
export class PrivateRedis {
  private process?: ChildProcess;
  private readonly killOnExit = () => this.process?.kill('SIGKILL');

  private constructor(readonly port: number) {
    process.once('exit', this.killOnExit);
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again), empty, on the same port; resolves once it answers PING. */
  async resume(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.process = spawn('redis-server', args, { stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    while (!(await pong(this.port))) {
      if (this.process.exitCode !== null) throw new Error(`redis-server exited with code ${this.process.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Kills it, as an outage would; what it held is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    await this.kill();
    process.off('exit', this.killOnExit);
  }
}
