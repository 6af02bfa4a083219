import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Baseline {
  url: string;
  child: ChildProcess;
  stop(): void;
}

/** Starts bench/baseline-server.ts in a process of its own; resolves once it listens. */
export function startBaseline(): Promise<Baseline> {
  const child = fork(fileURLToPath(new URL('./baseline-server.ts', import.meta.url)), [], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the baseline server exited with code ${code}`)));
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, child, stop: () => child.disconnect() });
    });
  });
}
