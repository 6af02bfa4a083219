import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { urlencoded } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  closeHttpServer,
  collectProcessMetrics,
  ConfigError,
  createLogger,
  exitWithParent,
  gracefulShutdown,
  loadConfig,
  type MetricsServer,
  PinoNestLogger,
  shutDownOnSignals,
  startTracing,
  startMetricsServer,
} from '@medical-qr/platform';
import { stripeWebhookBodyParserOptions } from './billing/stripe-webhook-body.js';
import { CardPageHandler } from './card-page/card-page.handler.js';
import { FamilyAlertPagesHandler } from './card-page/family-alert-pages.handler.js';
import { gatewayEnvSchema, type GatewayConfig } from './config.js';
import { setupOpenApi } from './docs/openapi.js';
import { GatewayModule } from './gateway.module.js';
import { HealthService } from './health/health.service.js';
import { ContractValidationPipe } from './http/contract-validation.pipe.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { requestContext } from './http/request-context.middleware.js';
import { securityHeaders } from './http/security-headers.js';
import { LiveSocketAdapter } from './live/live-socket.adapter.js';
import { cookieSecurity } from './session/cookies.js';
import { httpMetrics } from './metrics/http-metrics.middleware.js';
import { sandboxProxy } from './dev/sandbox-proxy.middleware.js';
import { spaMiddleware } from './web/spa.middleware.js';

/** The routes that take a plain form's post. */
const URLENCODED_PATHS = [
  /^\/api\/emergency-card\/[^/]+\/family-alerts$/,
  '/api/family-alerts/acknowledge',
  '/api/sms',
];

/** How long an idle connection is kept (above a load balancer's usual 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

let config: GatewayConfig;
try {
  config = loadConfig(gatewayEnvSchema);
  config = { ...config, COOKIE_SECURE: cookieSecurity(config) };
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`gateway: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger('gateway', config.LOG_LEVEL);
const tracing = startTracing('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT);
collectProcessMetrics('gateway');

const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(config, logger), {
  bodyParser: false,
  // Every JSON body keeps its bytes in req.rawBody: Stripe signs the exact bytes of its webhooks.
  rawBody: true,
  logger: new PinoNestLogger(logger),
});
app.disable('x-powered-by');
// An idle keep-alive connection stays open longer than any client's or load balancer's own idle limit (Node's and the
// browsers' agents give up after 4–5 s, load balancers after 60 s): closing it first races a request the client sends
// on it at that moment, which the client sees as "socket hang up". Shutting down still closes idle ones at once.
const server = app.getHttpServer();
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
app.set('trust proxy', config.TRUST_PROXY_HOPS);
app.use(httpMetrics());
app.use(requestContext(logger));
app.use(securityHeaders(config));
// The webhook's parser runs first, with its own (larger) limit; the general one then skips that body.
app.useBodyParser('json', stripeWebhookBodyParserOptions);
app.useBodyParser('json', { limit: config.BODY_LIMIT });
// Plain forms post here only: the card's "Tell their family" without a script, a contact's "I'm on it", and the SMS
// provider's signed webhooks. Everywhere else a form body stays unread (and fails validation).
app.use(URLENCODED_PATHS, urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));
if (config.SANDBOX_URL) app.use(sandboxProxy(config.SANDBOX_URL, config));
app.use(spaMiddleware(config.WEB_DIST_DIR, [app.get(CardPageHandler), app.get(FamilyAlertPagesHandler)]));
app.setGlobalPrefix('api');
app.useGlobalFilters(new HttpErrorFilter(logger));
app.useGlobalPipes(new ContractValidationPipe());
setupOpenApi(app);
// The live socket (/ws, LiveSocketGateway) shares the HTTP server's port, through Nest's ws adapter.
app.useWebSocketAdapter(new LiveSocketAdapter(app, logger));

// On its own port (METRICS_PORT), never the public one. Ready once listening, while it can serve the card (NATS up).
let listening = false;
const health = app.get(HealthService);
let metrics: MetricsServer | undefined;
try {
  metrics = await startMetricsServer(config, async () => listening && (await health.readiness()).status === 'ok');
} catch (error) {
  logger.fatal({ err: error }, `cannot serve metrics on METRICS_PORT ${config.METRICS_PORT}`);
  process.exit(1);
}

/**
 * Probes see 503 at once and the port takes no new connections; Nest's close then stops the event
 * consumers, says "going away" (1001) to the live sockets and waits for the requests under way, and
 * only then closes NATS, PostgreSQL and Redis, which those requests may still need.
 */
const shutdown = gracefulShutdown({
  logger,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  stop: async () => {
    metrics?.markShuttingDown();
    // Not awaited first: upgraded live sockets hold the server open until Nest's close ends them.
    const httpClosed = closeHttpServer(server);
    await app.close();
    await httpClosed;
    await tracing.shutdown();
    await metrics?.close();
  },
});
shutDownOnSignals(shutdown);
exitWithParent(() => shutdown('the launcher is gone'));

await app.listen(config.PORT, config.HOST);
listening = true;
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info({ port }, `gateway listening on port ${port}`);
