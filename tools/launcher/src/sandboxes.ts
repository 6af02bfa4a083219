import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitForExit } from './child-process.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** External providers that have a local stand-in in tools/sandboxes. */
export const STAND_IN_PROVIDERS = ['smtp', 'google'] as const;
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<StandInProvider, string> = { smtp: 'SMTP mail', google: 'Google sign-in' };

/** The variable whose presence means the real provider is configured. */
export const REAL_PROVIDER_VARIABLE: Record<StandInProvider, string> = { smtp: 'SMTP_URL', google: 'GOOGLE_CLIENT_ID' };

export const LOCAL_MAIL_FROM = 'Medical QR <no-reply@medicalqr.local>';

/** The client the Google stand-in accepts unless SANDBOX_GOOGLE_CLIENT_ID / _SECRET say otherwise. */
export const DEFAULT_SANDBOX_GOOGLE_CLIENT = { id: 'local-google-client', secret: 'local-google-secret' };

/** Providers the environment does not configure for real: those run on the local stand-ins. */
export function standInProviders(env: NodeJS.ProcessEnv): StandInProvider[] {
  return STAND_IN_PROVIDERS.filter((provider) => !env[REAL_PROVIDER_VARIABLE[provider]]);
}

/** One line saying which providers are real and which are stand-ins. */
export function describeProviders(standIns: readonly StandInProvider[]): string {
  const parts = STAND_IN_PROVIDERS.map((provider) =>
    standIns.includes(provider)
      ? `${PROVIDER_LABELS[provider]}: local stand-in`
      : `${PROVIDER_LABELS[provider]}: real (${REAL_PROVIDER_VARIABLE[provider]} is set)`,
  );
  return `Providers: ${parts.join('; ')}.`;
}

export interface SandboxOptions {
  /** The environment the other processes get; the sandbox inherits it (NODE_ENV, LOG_LEVEL, PATH...). */
  env: NodeJS.ProcessEnv;
  /** Which stand-ins to run (default: all). */
  providers?: readonly StandInProvider[];
  /** Defaults: SANDBOX_HTTP_PORT / SANDBOX_SMTP_PORT from env, else 4100 / 2525. */
  httpPort?: number;
  smtpPort?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How long to wait for `GET /health` to answer 200. */
  readyTimeoutMs?: number;
}

export interface RunningSandboxProcess {
  /** http://127.0.0.1:<http port> */
  url: string;
  httpPort: number;
  smtpPort: number;
  providers: readonly StandInProvider[];
  /** What every other process needs to use the stand-ins (only for the providers that run here). */
  providerEnv: NodeJS.ProcessEnv;
  process: ChildProcess;
  /** Resolves when the sandbox exits on its own (not through stop()). */
  crashed: Promise<{ process: 'sandboxes'; code: number | null }>;
  stop(): Promise<void>;
}

/** The variables that point the services at the stand-ins. */
export function sandboxProviderEnv(options: {
  httpPort: number;
  smtpPort: number;
  providers: readonly StandInProvider[];
  googleClientId: string;
  googleClientSecret: string;
  mailFrom?: string;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { SANDBOX_URL: `http://127.0.0.1:${options.httpPort}` };
  if (options.providers.includes('smtp')) {
    env.SMTP_URL = `smtp://127.0.0.1:${options.smtpPort}`;
    env.MAIL_FROM = options.mailFrom ?? LOCAL_MAIL_FROM;
  }
  if (options.providers.includes('google')) {
    env.GOOGLE_CLIENT_ID = options.googleClientId;
    env.GOOGLE_CLIENT_SECRET = options.googleClientSecret;
    // The browser follows this one, so it names localhost like the app's own URL; the services call the others.
    env.GOOGLE_AUTH_URL = `http://localhost:${options.httpPort}/o/oauth2/v2/auth`;
    env.GOOGLE_TOKEN_URL = `http://127.0.0.1:${options.httpPort}/token`;
    env.GOOGLE_USERINFO_URL = `http://127.0.0.1:${options.httpPort}/oauth2/v3/userinfo`;
  }
  return env;
}

/** Whether something already listens on a loopback port. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs tools/sandboxes (built) as its own process and resolves once its `GET /health` answers. Start it before the
 * services (they are given its URLs) and stop it after them.
 */
export async function startSandboxProcess(options: SandboxOptions): Promise<RunningSandboxProcess> {
  const providers = options.providers ?? STAND_IN_PROVIDERS;
  const httpPort = options.httpPort ?? Number(options.env.SANDBOX_HTTP_PORT ?? 4100);
  const smtpPort = options.smtpPort ?? Number(options.env.SANDBOX_SMTP_PORT ?? 2525);
  const googleClientId = options.env.SANDBOX_GOOGLE_CLIENT_ID ?? DEFAULT_SANDBOX_GOOGLE_CLIENT.id;
  const googleClientSecret = options.env.SANDBOX_GOOGLE_CLIENT_SECRET ?? DEFAULT_SANDBOX_GOOGLE_CLIENT.secret;
  // Otherwise the health check could be answered by whatever holds the port (another npm start, say).
  for (const [variable, port] of [
    ['SANDBOX_HTTP_PORT', httpPort],
    ['SANDBOX_SMTP_PORT', smtpPort],
  ] as const) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable} must be a port number from 1 to 65535, not "${port}".`);
    }
    if (await portAnswers(port)) {
      throw new Error(
        `port ${port} (${variable}) is already in use, so the provider stand-ins cannot listen there. Stop what holds it (another npm start?) or set ${variable} to a free port.`,
      );
    }
  }
  const child = spawn(process.execPath, ['tools/sandboxes/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...options.env,
      SANDBOX_HOST: options.env.SANDBOX_HOST ?? '127.0.0.1',
      SANDBOX_HTTP_PORT: String(httpPort),
      SANDBOX_SMTP_PORT: String(smtpPort),
      SANDBOX_PROVIDERS: providers.join(','),
      SANDBOX_GOOGLE_CLIENT_ID: googleClientId,
      SANDBOX_GOOGLE_CLIENT_SECRET: googleClientSecret,
    },
    // The IPC channel lets the sandbox notice its launcher is gone and stop (see exitWithParent).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (line) => options.onLine?.(line, stream));
  }
  let stopping = false;
  let exited = false;
  let reportCrash!: (value: { process: 'sandboxes'; code: number | null }) => void;
  const crashed = new Promise<{ process: 'sandboxes'; code: number | null }>((resolve) => (reportCrash = resolve));
  child.on('exit', (code) => {
    exited = true;
    if (!stopping) reportCrash({ process: 'sandboxes', code });
  });

  const stop = async () => {
    stopping = true;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5000))) child.kill('SIGKILL');
  };

  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000);
  let lastProblem: string;
  for (;;) {
    if (exited) {
      throw new Error(`the provider stand-ins (tools/sandboxes) exited during start-up with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
      lastProblem = `health answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the provider stand-ins did not answer ${url}/health in time (${lastProblem})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    httpPort,
    smtpPort,
    providers,
    providerEnv: sandboxProviderEnv({
      httpPort,
      smtpPort,
      providers,
      googleClientId,
      googleClientSecret,
      mailFrom: options.env.MAIL_FROM,
    }),
    process: child,
    crashed,
    stop,
  };
}
