import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitForExit } from './child-process.js';

/** Every process of the system, in start order: services first, the gateway last. */
export const STACK_PROCESSES = ['identity', 'records', 'billing', 'shop', 'privacy', 'gateway'] as const;
export type StackProcess = (typeof STACK_PROCESSES)[number];

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface StackOptions {
  env: NodeJS.ProcessEnv;
  /** Receives each output line, already tagged with its process. */
  onLine?: (process: StackProcess, line: string, stream: 'stdout' | 'stderr') => void;
  /** How long to wait for `/api/health` to answer 200. */
  readyTimeoutMs?: number;
}

export interface RunningStack {
  url: string;
  processes: Map<StackProcess, ChildProcess>;
  /** Resolves when any process exits on its own (not through stop()). */
  crashed: Promise<{ process: StackProcess; code: number | null }>;
  stop(): Promise<void>;
}

async function waitForHealthy(url: string, timeoutMs: number, crashed: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  let stop = false;
  void crashed.then(() => (stop = true));
  while (Date.now() < deadline && !stop) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
      const report = (await response.json()) as { services?: Record<string, { status: string }> };
      const down = Object.entries(report.services ?? {})
        .filter(([, s]) => s.status !== 'up')
        .map(([name]) => name);
      lastProblem = down.length ? `waiting for ${down.join(', ')}` : `health answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (stop) throw new Error('a process exited during start-up');
  throw new Error(`the system did not become healthy within ${timeoutMs} ms (${lastProblem})`);
}

/**
 * Starts the five services and the gateway from their builds, each as its own process with the
 * given environment, and resolves once `GET /api/health` reports everything up.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const processes = new Map<StackProcess, ChildProcess>();
  let stopping = false;
  let reportCrash!: (value: { process: StackProcess; code: number | null }) => void;
  const crashed = new Promise<{ process: StackProcess; code: number | null }>((resolve) => (reportCrash = resolve));

  for (const name of STACK_PROCESSES) {
    const child = spawn(process.execPath, [`services/${name}/dist/main.js`], {
      cwd: ROOT,
      env: options.env,
      // The IPC channel lets a child notice its launcher is gone and stop (see exitWithParent).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    processes.set(name, child);
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: child[stream]! }).on('line', (line) => options.onLine?.(name, line, stream));
    }
    child.on('exit', (code) => {
      if (!stopping) reportCrash({ process: name, code });
    });
  }

  const stop = async () => {
    stopping = true;
    // The gateway first, so no request arrives at a service that is leaving.
    const gateway = processes.get('gateway')!;
    gateway.kill('SIGTERM');
    await waitForExit(gateway, 10_000);
    const rest = [...processes.values()].filter((child) => child !== gateway);
    for (const child of rest) child.kill('SIGTERM');
    await Promise.all(
      rest.map(async (child) => {
        if (!(await waitForExit(child, 10_000))) child.kill('SIGKILL');
      }),
    );
    if (!(await waitForExit(gateway, 0))) gateway.kill('SIGKILL');
  };

  const url = `http://localhost:${options.env.PORT ?? 3000}`;
  try {
    await waitForHealthy(url, options.readyTimeoutMs ?? 60_000, crashed);
  } catch (error) {
    const crash = await Promise.race([crashed, Promise.resolve(undefined)]);
    await stop();
    const detail = crash ? `: ${crash.process} exited with code ${crash.code}` : '';
    throw new Error(`${(error as Error).message}${detail}`, { cause: error });
  }
  return { url, processes, crashed, stop };
}
