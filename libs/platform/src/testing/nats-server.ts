import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** For specs: a nats-server of their own on a free loopback port (never the shared one). */
export interface TestNatsServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** With `jetstream`, JetStream is on, its storage in a temporary folder removed on stop. */
export async function startTestNatsServer(options: { jetstream?: boolean } = {}): Promise<TestNatsServer> {
  const port = await freePort();
  const storage = options.jetstream ? mkdtempSync(join(tmpdir(), 'mqr-nats-')) : undefined;
  const args = ['-a', '127.0.0.1', '-p', String(port), ...(storage ? ['-js', '-sd', storage] : [])];
  const child = spawn(process.env.NATS_SERVER_BIN ?? 'nats-server', args, { stdio: 'ignore' });
  // A backstop, not a race: a busy machine may take a while to start it.
  const deadline = Date.now() + 60_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        const removeStorage = () => storage && rmSync(storage, { recursive: true, force: true });
        if (child.exitCode !== null) return resolve(void removeStorage());
        child.once('exit', () => resolve(void removeStorage()));
        child.kill();
      }),
  };
}
