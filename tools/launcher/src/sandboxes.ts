import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HTTP_PORT, PROVIDERS, type ProviderDescriptor, type StandInAddress } from '@medical-qr/sandboxes';
import { waitForExit } from './child-process.js';
import { NODE_FLAGS } from './node-flags.js';
import { findPortProblems, type PortClaim } from './port-check.js';
import { waitWhileStarting } from './ready-wait.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Providers the environment does not configure for real: those run on the local stand-ins. */
export function standInProviders(
  env: NodeJS.ProcessEnv,
  catalog: readonly ProviderDescriptor[] = PROVIDERS,
): ProviderDescriptor[] {
  return catalog.filter((provider) => !provider.realVariables.some((variable) => env[variable]));
}

/** One line saying which providers are real and which are stand-ins. */
export function describeProviders(env: NodeJS.ProcessEnv, catalog: readonly ProviderDescriptor[] = PROVIDERS): string {
  const parts = catalog.map((provider) => {
    const set = provider.realVariables.filter((variable) => env[variable]);
    if (!set.length) return `${provider.label}: local stand-in`;
    return `${provider.label}: real (${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set)`;
  });
  return `Providers: ${parts.join('; ')}.`;
}

/** Where the stand-ins will run and what the product needs to use them; decided before anything starts. */
export interface SandboxPlan {
  providers: readonly ProviderDescriptor[];
  httpPort: number;
  /** Each stand-in's own ports, by variable (SANDBOX_SMTP_PORT: 2525). */
  ports: Record<string, number>;
  /** Each stand-in's settings, by variable (SANDBOX_GOOGLE_CLIENT_ID: ...). */
  settings: Record<string, string>;
  /** What every other process needs to use the stand-ins (only those in this plan), SANDBOX_URL included. */
  providerEnv: NodeJS.ProcessEnv;
}

const valuesOf = <T, R>(record: Record<string, T>, value: (entry: T) => R): Record<string, R> =>
  Object.fromEntries(Object.entries(record).map(([name, entry]) => [name, value(entry)]));

type Placement = Pick<SandboxPlan, 'httpPort' | 'ports' | 'settings'>;

/** One stand-in's address, under the descriptor's own names for its ports and settings. */
function addressOf(provider: ProviderDescriptor, placement: Placement, env: NodeJS.ProcessEnv): StandInAddress {
  return {
    serverUrl: `http://127.0.0.1:${placement.httpPort}`,
    // A browser is sent here, so it names the host the app's own URL names.
    browserUrl: `http://localhost:${placement.httpPort}`,
    ports: valuesOf(provider.ports, ({ variable }) => placement.ports[variable]!),
    settings: valuesOf(provider.settings, ({ variable }) => placement.settings[variable]!),
    env,
  };
}

/**
 * Plans the given stand-ins: each declared port and setting from `chosen` (free ports picked by a test), else the
 * environment, else the descriptor's default; then the variables each descriptor gives the product.
 */
export function planSandboxes(
  env: NodeJS.ProcessEnv,
  providers: readonly ProviderDescriptor[] = standInProviders(env),
  chosen: Record<string, number> = {},
): SandboxPlan {
  const portOf = ({ variable, defaultPort }: { variable: string; defaultPort: number }) =>
    chosen[variable] ?? Number(env[variable] ?? defaultPort);
  const placement: Placement = { httpPort: portOf(HTTP_PORT), ports: {}, settings: {} };
  for (const provider of providers) {
    for (const port of Object.values(provider.ports)) placement.ports[port.variable] = portOf(port);
    for (const { variable, defaultValue } of Object.values(provider.settings)) {
      placement.settings[variable] = env[variable] ?? defaultValue;
    }
  }
  const providerEnv: NodeJS.ProcessEnv = { SANDBOX_URL: `http://127.0.0.1:${placement.httpPort}` };
  for (const provider of providers)
    Object.assign(providerEnv, provider.productEnv(addressOf(provider, placement, env)));
  return { providers, ...placement, providerEnv };
}

/** Every port variable the given stand-ins listen on, the shared HTTP one first. */
export function sandboxPortVariables(providers: readonly ProviderDescriptor[]): string[] {
  const own = providers.flatMap((provider) => Object.values(provider.ports).map(({ variable }) => variable));
  return [HTTP_PORT.variable, ...own];
}

/** Every port the plan's stand-ins declare, plus the shared HTTP port, as variables for a child's environment. */
export function planPorts(plan: SandboxPlan): Record<string, number> {
  return { [HTTP_PORT.variable]: plan.httpPort, ...plan.ports };
}

/** The ports a plan will listen on, for the start-up check. */
export function sandboxPortClaims(plan: SandboxPlan, env: NodeJS.ProcessEnv): PortClaim[] {
  const host = env.SANDBOX_HOST ?? '127.0.0.1';
  return Object.entries(planPorts(plan)).map(([variable, port]) => ({ variable, port, host }));
}

/** The banner lines of the stand-ins that have something to open ("Mail sent locally: ..."). */
export function sandboxBanner(plan: SandboxPlan, env: NodeJS.ProcessEnv, appUrl: string): string[] {
  return plan.providers.flatMap((provider) =>
    provider.banner ? [provider.banner({ ...addressOf(provider, plan, env), appUrl })] : [],
  );
}

export interface SandboxOptions {
  /** The environment the other processes get; the sandbox inherits it (NODE_ENV, LOG_LEVEL, PATH...). */
  env: NodeJS.ProcessEnv;
  /** Which stand-ins to run and where (default: those the environment does not configure for real). */
  plan?: SandboxPlan;
  /** The product's own address, for stand-ins that call it (webhooks). */
  productUrl?: string;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** The backstop for stand-ins that run but never answer `GET /health` (see startHangLimitMs). */
  hangLimitMs?: number;
}

export interface RunningSandboxProcess extends SandboxPlan {
  /** http://127.0.0.1:<http port> */
  url: string;
  process: ChildProcess;
  /** Resolves when the sandbox exits on its own (not through stop()). */
  crashed: Promise<{ process: 'sandboxes'; code: number | null }>;
  stop(): Promise<void>;
}

/** Resolves once the stand-ins answer `GET /health`; throws if the process exits first. */
async function waitForHealth(url: string, exited: Promise<number | null>, hangLimitMs?: number): Promise<void> {
  await waitWhileStarting({
    what: 'the provider stand-ins (tools/sandboxes)',
    probe: async () => {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      return response.ok ? undefined : `${url}/health answered ${response.status}`;
    },
    failed: exited.then((code) => `exited with code ${code}`),
    hangLimitMs,
  });
}

function spawnSandboxes(plan: SandboxPlan, options: SandboxOptions): ChildProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS, 'tools/sandboxes/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...options.env,
      SANDBOX_HOST: options.env.SANDBOX_HOST ?? '127.0.0.1',
      SANDBOX_PROVIDERS: plan.providers.map((provider) => provider.name).join(','),
      ...(options.productUrl ? { SANDBOX_PRODUCT_URL: options.productUrl } : {}),
      ...Object.fromEntries(Object.entries(planPorts(plan)).map(([variable, port]) => [variable, String(port)])),
      ...plan.settings,
    },
    // The IPC channel lets the sandbox notice its launcher is gone and stop (see exitWithParent).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (line) => options.onLine?.(line, stream));
  }
  return child;
}

/**
 * Runs tools/sandboxes (built) as its own process and resolves once its `GET /health` answers. Start it before the
 * services (they are given its URLs) and stop it after them.
 */
export async function startSandboxProcess(options: SandboxOptions): Promise<RunningSandboxProcess> {
  const plan = options.plan ?? planSandboxes(options.env);
  // Otherwise the health check could be answered by whatever holds the port (another npm start, say).
  const busy = await findPortProblems(sandboxPortClaims(plan, options.env));
  if (busy) throw new Error(`the provider stand-ins cannot listen where they should.\n${busy}`);
  const child = spawnSandboxes(plan, options);
  let stopping = false;
  let reportExit!: (code: number | null) => void;
  const exited = new Promise<number | null>((resolve) => (reportExit = resolve));
  let reportCrash!: (value: { process: 'sandboxes'; code: number | null }) => void;
  const crashed = new Promise<{ process: 'sandboxes'; code: number | null }>((resolve) => (reportCrash = resolve));
  child.on('exit', (code) => {
    reportExit(code);
    if (!stopping) reportCrash({ process: 'sandboxes', code });
  });
  const stop = async () => {
    stopping = true;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5000))) child.kill('SIGKILL');
  };
  const url = `http://127.0.0.1:${plan.httpPort}`;
  try {
    await waitForHealth(url, exited, options.hangLimitMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...plan, url, process: child, crashed, stop };
}
