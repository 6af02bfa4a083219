import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { BaseEnv } from '../config/env-schemas.js';
import { metricsRegistry } from './metrics-registry.js';

/** Whether the process can do its work now (its own connections are up). */
export type ReadinessCheck = () => boolean | Promise<boolean>;

export interface MetricsServerOptions {
  port: number;
  host: string;
  isReady: ReadinessCheck;
  /** The process's registry unless a test brings its own. */
  registry?: Registry;
}

function answer(res: ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
}

/**
 * The process's operations port, apart from any public one: `GET /metrics` (Prometheus text),
 * `/livez` (the process runs), `/readyz` (it can serve, and is not shutting down). No framework:
 * it must answer when the application itself is stuck.
 */
export class MetricsServer {
  private shuttingDown = false;

  private constructor(
    private readonly server: Server,
    private readonly options: MetricsServerOptions,
  ) {}

  static async start(options: MetricsServerOptions): Promise<MetricsServer> {
    const server = createServer();
    const metrics = new MetricsServer(server, options);
    server.on('request', (req, res) => void metrics.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return metrics;
  }

  /** The port it listens on (the chosen one when started on port 0). */
  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** From now on /readyz answers 503, whatever the check says: traffic should go elsewhere. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      // A scraper's keep-alive connection would otherwise hold the server open.
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'Method not allowed');
    try {
      if (path === '/metrics') {
        const registry = this.options.registry ?? metricsRegistry;
        return answer(res, 200, await registry.metrics(), registry.contentType);
      }
      if (path === '/livez') return answer(res, 200, 'ok');
      if (path === '/readyz') return answer(res, ...(await this.readiness()));
      answer(res, 404, 'Not found');
    } catch (error) {
      answer(res, 500, `metrics failed: ${(error as Error).message}`);
    }
  }

  private async readiness(): Promise<[number, string]> {
    if (this.shuttingDown) return [503, 'shutting down'];
    const ready = await Promise.resolve()
      .then(() => this.options.isReady())
      .catch(() => false);
    return ready ? [200, 'ok'] : [503, 'not ready'];
  }
}

/**
 * Starts the process's metrics server on METRICS_PORT and METRICS_HOST; no server (undefined)
 * when METRICS_PORT is unset.
 */
export async function startMetricsServer(
  config: Pick<BaseEnv, 'METRICS_PORT' | 'METRICS_HOST'>,
  isReady: ReadinessCheck,
): Promise<MetricsServer | undefined> {
  if (config.METRICS_PORT === undefined) return undefined;
  return MetricsServer.start({ port: config.METRICS_PORT, host: config.METRICS_HOST, isReady });
}
