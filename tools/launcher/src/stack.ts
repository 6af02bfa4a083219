import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBalancer, type Balancer } from './balancer.js';
import { waitForExit } from './child-process.js';
import { NODE_FLAGS } from './node-flags.js';
import { freePorts } from './isolated/free-port.js';
import { waitWhileStarting } from './ready-wait.js';

/** Every process of the system, in start order: services first, the gateway last. */
export const STACK_PROCESSES = ['identity', 'records', 'billing', 'shop', 'privacy', 'gateway'] as const;
export type StackProcess = (typeof STACK_PROCESSES)[number];

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface StackOptions {
  env: NodeJS.ProcessEnv;
  /** Variables of one process only (its NATS credentials), added to `env`. */
  envOf?: (process: StackProcess) => NodeJS.ProcessEnv;
  /** Copies of every process (default 1). With more, the gateways sit behind a local balancer on PORT. */
  replicas?: number;
  /** Receives each output line, already tagged with its process (`records`, or `records-2` for a second replica). */
  onLine?: (process: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** The backstop for a system that runs but never reports healthy (see startHangLimitMs). */
  hangLimitMs?: number;
}

/** One running process of the stack. */
export interface StackInstance {
  process: StackProcess;
  /** 1, 2, ... */
  replica: number;
  /** `records` for the first replica, `records-2` for the second. */
  id: string;
  child: ChildProcess;
  /** Where its /metrics, /livez and /readyz answer. */
  metricsUrl: string;
  /** A gateway's own address (behind the balancer when there are replicas). */
  url?: string;
}

export interface RunningStack {
  url: string;
  /** Every process by id (`records`, `records-2`, ...). */
  processes: Map<string, ChildProcess>;
  instances: StackInstance[];
  /** Starts a process again (after a test stopped it), with the environment it had; resolves once it is ready. */
  restart(id: string): Promise<ChildProcess>;
  /** Resolves when any process exits on its own (not through stop()). */
  crashed: Promise<{ process: string; code: number | null }>;
  stop(): Promise<void>;
}

const instanceId = (process: StackProcess, replica: number) => (replica === 1 ? process : `${process}-${replica}`);

/** Resolves once the gateway's `/api/health` reports every service up; throws at once if any process exits. */
async function waitForHealthy(
  url: string,
  crashed: Promise<{ process: string; code: number | null }>,
  hangLimitMs?: number,
) {
  await waitWhileStarting({
    what: 'the system',
    probe: async () => {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return undefined;
      const report = (await response.json()) as { services?: Record<string, { status: string }> };
      const down = Object.entries(report.services ?? {})
        .filter(([, s]) => s.status !== 'up')
        .map(([name]) => name);
      return down.length ? `waiting for ${down.join(', ')}` : `health answered ${response.status}`;
    },
    failed: crashed.then(({ process, code }) => `${process} exited with code ${code}`),
    intervalMs: 250,
    hangLimitMs,
  });
}

/**
 * Starts the five services and the gateway from their builds, each as its own process (or as many
 * copies of each as `replicas` asks, the gateways behind a local balancer), and resolves once
 * `GET /api/health` reports everything up on every gateway. Each process gets a metrics port of its own.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const replicas = options.replicas ?? 1;
  const publicPort = Number(options.env.PORT ?? 3000);
  const processes = new Map<string, ChildProcess>();
  const instances: StackInstance[] = [];
  let stopping = false;
  let reportCrash!: (value: { process: string; code: number | null }) => void;
  const crashed = new Promise<{ process: string; code: number | null }>((resolve) => (reportCrash = resolve));

  const plan = STACK_PROCESSES.flatMap((process) =>
    Array.from({ length: replicas }, (_, index) => ({ process, replica: index + 1 })),
  );
  const ports = await freePorts(
    plan.flatMap(({ process, replica }) => {
      const id = instanceId(process, replica);
      return process === 'gateway' && replicas > 1 ? [`${id}:metrics`, `${id}:http`] : [`${id}:metrics`];
    }),
  );
  const envOfInstance = new Map<string, NodeJS.ProcessEnv>();

  const launch = (instance: Omit<StackInstance, 'child'>) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, `services/${instance.process}/dist/main.js`], {
      cwd: ROOT,
      env: envOfInstance.get(instance.id),
      // The IPC channel lets a child notice its launcher is gone and stop (see exitWithParent).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    processes.set(instance.id, child);
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: child[stream]! }).on('line', (line) => options.onLine?.(instance.id, line, stream));
    }
    child.on('exit', (code) => {
      if (!stopping) reportCrash({ process: instance.id, code });
    });
    return child;
  };

  for (const { process: name, replica } of plan) {
    const id = instanceId(name, replica);
    const metricsPort = ports[`${id}:metrics`]!;
    const httpPort = name === 'gateway' ? (replicas > 1 ? ports[`${id}:http`]! : publicPort) : undefined;
    envOfInstance.set(id, {
      ...options.env,
      ...options.envOf?.(name),
      METRICS_PORT: String(metricsPort),
      ...(httpPort === undefined
        ? {}
        : {
            PORT: String(httpPort),
            // Behind the balancer, the client's address arrives in X-Forwarded-For (rate limits count by it).
            // Links in mails and QR codes point at the balancer, not at one replica's port.
            ...(replicas > 1
              ? {
                  HOST: '127.0.0.1',
                  TRUST_PROXY_HOPS: '1',
                  PUBLIC_BASE_URL: options.env.PUBLIC_BASE_URL ?? `http://localhost:${publicPort}`,
                }
              : {}),
          }),
    });
    const instance = {
      process: name,
      replica,
      id,
      metricsUrl: `http://127.0.0.1:${metricsPort}`,
      ...(httpPort === undefined
        ? {}
        : { url: replicas > 1 ? `http://127.0.0.1:${httpPort}` : `http://localhost:${httpPort}` }),
    };
    instances.push({ ...instance, child: launch(instance) });
  }

  const gateways = instances.filter((instance) => instance.process === 'gateway');
  let balancer: Balancer | undefined;

  const stop = async () => {
    stopping = true;
    await balancer?.close();
    // The gateways first, so no request arrives at a service that is leaving.
    const isGateway = (id: string) => id === 'gateway' || id.startsWith('gateway-');
    const gatewayChildren = [...processes].filter(([id]) => isGateway(id)).map(([, child]) => child);
    for (const child of gatewayChildren) child.kill('SIGTERM');
    await Promise.all(gatewayChildren.map((child) => waitForExit(child, 10_000)));
    const rest = [...processes].filter(([id]) => !isGateway(id)).map(([, child]) => child);
    for (const child of rest) child.kill('SIGTERM');
    await Promise.all(
      [...rest, ...gatewayChildren].map(async (child) => {
        if (!(await waitForExit(child, 10_000))) child.kill('SIGKILL');
      }),
    );
  };

  const restart = async (id: string) => {
    const instance = instances.find((candidate) => candidate.id === id);
    if (!instance) throw new Error(`no process ${id} in this stack`);
    const previous = processes.get(id);
    if (previous && previous.exitCode === null && previous.signalCode === null) {
      previous.kill('SIGTERM');
      await waitForExit(previous, 10_000);
    }
    const child = launch(instance);
    instance.child = child;
    // Started again means ready again, however long a busy machine takes; an exit on the way fails at once.
    await waitWhileStarting({
      what: id,
      probe: async () => {
        const response = await fetch(`${instance.metricsUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
        return response.ok ? undefined : `/readyz answered ${response.status}`;
      },
      failed: new Promise((resolve) => child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}`))),
      intervalMs: 100,
    });
    return child;
  };

  const url = `http://localhost:${publicPort}`;
  try {
    if (replicas > 1) {
      balancer = await startBalancer({
        port: publicPort,
        host: options.env.HOST ?? '127.0.0.1',
        upstreams: gateways.map((gateway) => gateway.url!),
      });
    }
    await Promise.all(gateways.map((gateway) => waitForHealthy(gateway.url!, crashed, options.hangLimitMs)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, processes, instances, restart, crashed, stop };
}
