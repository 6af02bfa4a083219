import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLogger } from '@medical-qr/platform';
import { PRODUCTION_REFUSAL, type SandboxConfig } from './config.js';
import { createGoogleProvider } from './google/index.js';
import type { RunningProvider } from './provider.js';
import { startSmtpProvider } from './smtp/index.js';

export interface RunningSandboxes {
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:4100. */
  httpUrl: string;
  httpPort: number;
  /** The SMTP catcher's port; undefined when the smtp stand-in is not among config.providers. */
  smtpPort: number | undefined;
  close(): Promise<void>;
}

function loopbackFor(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts every configured stand-in in this process: one HTTP server mounting each provider's routes on the real
 * provider's paths, plus the SMTP catcher. Refuses to run with NODE_ENV=production.
 */
export async function startSandboxes(config: SandboxConfig): Promise<RunningSandboxes> {
  if (config.nodeEnv === 'production' || process.env.NODE_ENV === 'production') {
    throw new Error(`refusing to start with NODE_ENV=production: ${PRODUCTION_REFUSAL}`);
  }
  const logger = createLogger('sandboxes', config.logLevel);
  const context = { config, logger };
  const providers: RunningProvider[] = [];
  let smtpPort: number | undefined;
  const closeProviders = () => Promise.all(providers.map((provider) => provider.close())).then(() => undefined);

  try {
    for (const name of config.providers) {
      if (name === 'smtp') {
        const smtp = await startSmtpProvider(context);
        smtpPort = smtp.smtpPort;
        providers.push(smtp);
      } else if (name === 'google') {
        providers.push(createGoogleProvider(context));
      }
    }
  } catch (error) {
    await closeProviders();
    throw error;
  }

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
    res.json({ status: 'ok', providers: config.providers });
  });
  // Browsers ask for it on every page; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', (_req, res) => {
    res.status(204).set('Cache-Control', 'max-age=86400').end();
  });
  for (const provider of providers) app.use(provider.router);
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

  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(config.httpPort, config.host, (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
  } catch (error) {
    await closeProviders();
    throw error;
  }
  const httpPort = (server.address() as AddressInfo).port;
  const httpUrl = `http://${loopbackFor(config.host)}:${httpPort}`;
  logger.info(
    { httpUrl, smtpPort, providers: config.providers },
    `provider stand-ins listening: HTTP ${httpUrl}${smtpPort === undefined ? '' : `, SMTP port ${smtpPort}`} (${config.providers.join(', ') || 'none'})`,
  );

  let closing: Promise<void> | undefined;
  return {
    httpUrl,
    httpPort,
    smtpPort,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await closeProviders();
      })();
      return closing;
    },
  };
}
