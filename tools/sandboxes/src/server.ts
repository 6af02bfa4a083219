import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLogger } from '@medical-qr/platform';
import { PRODUCTION_REFUSAL, type SandboxConfig } from './config.js';
import { FaultInjector } from './faults.js';
import type { ProviderContext, ProviderDescriptor, RunningProvider, SandboxLogger } from './provider-descriptor.js';

export interface RunningSandboxes {
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:4100. */
  httpUrl: string;
  httpPort: number;
  /** The ports the running stand-ins listen on besides HTTP, by variable (SANDBOX_SMTP_PORT: 2525). */
  ports: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

function loopbackFor(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

const valuesOf = <T, R>(record: Record<string, T>, value: (entry: T) => R): Record<string, R> =>
  Object.fromEntries(Object.entries(record).map(([name, entry]) => [name, value(entry)]));

/** What one stand-in gets: its own ports and settings under its own names, and the product's address. */
function contextFor(provider: ProviderDescriptor, config: SandboxConfig, logger: SandboxLogger): ProviderContext {
  return {
    host: config.host,
    ports: valuesOf(provider.ports, ({ variable, defaultPort }) => config.ports[variable] ?? defaultPort),
    settings: valuesOf(provider.settings, ({ variable, defaultValue }) => config.settings[variable] ?? defaultValue),
    logger,
    productUrl(call) {
      const outbound = provider.outbound[call];
      if (!outbound) throw new Error(`the ${provider.name} stand-in declares no outbound call "${call}"`);
      if (!config.productUrl) {
        throw new Error(`the ${provider.name} stand-in needs SANDBOX_PRODUCT_URL to send ${outbound.what}`);
      }
      return new URL(outbound.path, config.productUrl).toString();
    },
  };
}

/** Starts the configured stand-ins one after the other; if one fails, stops those already running. */
async function startProviders(config: SandboxConfig, logger: SandboxLogger) {
  const running: Array<{ provider: ProviderDescriptor; instance: RunningProvider }> = [];
  const close = () => Promise.all(running.map(({ instance }) => instance.close())).then(() => undefined);
  try {
    for (const provider of config.providers) {
      running.push({ provider, instance: await provider.start(contextFor(provider, config, logger)) });
    }
  } catch (error) {
    await close();
    throw error;
  }
  const ports = Object.fromEntries(
    running.flatMap(({ provider, instance }) =>
      Object.entries(provider.ports).map(([name, { variable }]) => [variable, instance.ports[name]!]),
    ),
  );
  return { routers: running.map(({ instance }) => instance.router), ports, close };
}

/**
 * Starts every configured stand-in in this process: one HTTP server mounting each provider's routes on the real
 * provider's paths, plus whatever else each one listens on. Refuses to run with NODE_ENV=production.
 */
export async function startSandboxes(config: SandboxConfig): Promise<RunningSandboxes> {
  if (config.nodeEnv === 'production' || process.env.NODE_ENV === 'production') {
    throw new Error(`refusing to start with NODE_ENV=production: ${PRODUCTION_REFUSAL}`);
  }
  const logger = createLogger('sandboxes', config.logLevel);
  const providers = await startProviders(config, logger);
  const faults = new FaultInjector();
  const app = sandboxApp(providers.routers, config, logger, faults);
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(config.httpPort, config.host, (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
  } catch (error) {
    await providers.close();
    throw error;
  }
  const httpPort = (server.address() as AddressInfo).port;
  const httpUrl = `http://${loopbackFor(config.host)}:${httpPort}`;
  const names = config.providers.map((provider) => provider.name);
  const others = Object.entries(providers.ports).map(([variable, port]) => `, ${variable} ${port}`);
  logger.info(
    { httpUrl, ports: providers.ports, providers: names },
    `provider stand-ins listening: HTTP ${httpUrl}${others.join('')} (${names.join(', ') || 'none'})`,
  );

  let closing: Promise<void> | undefined;
  return {
    httpUrl,
    httpPort,
    ports: providers.ports,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        faults.close();
        await providers.close();
      })();
      return closing;
    },
  };
}

/** The shared HTTP server: a log line per request, health, the faults a test injects, then every stand-in's routes. */
function sandboxApp(routers: express.Router[], config: SandboxConfig, logger: SandboxLogger, faults: FaultInjector) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    // One line per request: method, path without the query (it carries codes, states and emails), status, time.
    res.on('finish', () => {
      const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms },
        `${req.method} ${req.path} ${res.statusCode} ${ms} ms`,
      );
    });
    next();
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', providers: config.providers.map((provider) => provider.name) });
  });
  // Browsers ask for it on every page; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', (_req, res) => {
    res.status(204).set('Cache-Control', 'max-age=86400').end();
  });
  app.use(faults.routes());
  app.use(faults.middleware());
  for (const router of routers) app.use(router);
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: 'not_found', error_description: 'No stand-in answers on this path.' });
  });
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: { message: error.message } }, 'request failed');
    res
      .status(status)
      .json({ error: status === 500 ? 'server_error' : 'invalid_request', error_description: error.message });
  });

  return app;
}
