import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, createLogger, exitWithParent, loadConfig, PinoNestLogger } from '@medical-qr/platform';
import { stripeWebhookBodyParserOptions } from './billing/stripe-webhook-body.js';
import { CardPageHandler } from './card-page/card-page.handler.js';
import { gatewayEnvSchema, type GatewayConfig } from './config.js';
import { setupOpenApi } from './docs/openapi.js';
import { GatewayModule } from './gateway.module.js';
import { ContractValidationPipe } from './http/contract-validation.pipe.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { requestContext } from './http/request-context.middleware.js';
import { securityHeaders } from './http/security-headers.js';
import { LiveSocketAdapter } from './live/live-socket.adapter.js';
import { sandboxProxy } from './dev/sandbox-proxy.middleware.js';
import { spaMiddleware } from './web/spa.middleware.js';

let config: GatewayConfig;
try {
  config = loadConfig(gatewayEnvSchema);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`gateway: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger('gateway', config.LOG_LEVEL);

const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(config, logger), {
  bodyParser: false,
  // Every JSON body keeps its bytes in req.rawBody: Stripe signs the exact bytes of its webhooks.
  rawBody: true,
  logger: new PinoNestLogger(logger),
});
app.disable('x-powered-by');
app.set('trust proxy', config.TRUST_PROXY_HOPS);
app.use(requestContext(logger));
app.use(securityHeaders(config));
// The webhook's parser runs first, with its own (larger) limit; the general one then skips that body.
app.useBodyParser('json', stripeWebhookBodyParserOptions);
app.useBodyParser('json', { limit: config.BODY_LIMIT });
if (config.SANDBOX_URL) app.use(sandboxProxy(config.SANDBOX_URL));
app.use(spaMiddleware(config.WEB_DIST_DIR, app.get(CardPageHandler)));
app.setGlobalPrefix('api');
app.useGlobalFilters(new HttpErrorFilter(logger));
app.useGlobalPipes(new ContractValidationPipe());
setupOpenApi(app);
// The live socket (/ws, LiveSocketGateway) shares the HTTP server's port, through Nest's ws adapter.
app.useWebSocketAdapter(new LiveSocketAdapter(app, logger));
app.enableShutdownHooks();
exitWithParent(() => app.close());

await app.listen(config.PORT, config.HOST);
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info({ port }, `gateway listening on port ${port}`);
