import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, createLogger, exitWithParent, loadConfig, PinoNestLogger } from '@medical-qr/platform';
import { CardPageHandler } from './card-page/card-page.handler.js';
import { gatewayEnvSchema, type GatewayConfig } from './config.js';
import { setupOpenApi } from './docs/openapi.js';
import { GatewayModule } from './gateway.module.js';
import { ContractValidationPipe } from './http/contract-validation.pipe.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { requestContext } from './http/request-context.middleware.js';
import { securityHeaders } from './http/security-headers.js';
import { LiveSocketServer } from './live/live-socket.server.js';
import { sandboxProxy } from './dev/sandbox-proxy.middleware.js';
import { SessionService } from './session/session.service.js';
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
  logger: new PinoNestLogger(logger),
});
app.disable('x-powered-by');
app.set('trust proxy', config.TRUST_PROXY_HOPS);
app.use(requestContext(logger));
app.use(securityHeaders(config.WEB_DIST_DIR));
app.useBodyParser('json', { limit: config.BODY_LIMIT });
if (config.SANDBOX_URL) app.use(sandboxProxy(config.SANDBOX_URL));
app.use(spaMiddleware(config.WEB_DIST_DIR, app.get(CardPageHandler)));
app.setGlobalPrefix('api');
app.useGlobalFilters(new HttpErrorFilter(logger));
app.useGlobalPipes(new ContractValidationPipe());
setupOpenApi(app);
app.enableShutdownHooks();
exitWithParent(() => app.close());

await app.listen(config.PORT, config.HOST);
// Sockets are grouped by the signed-in user, so a message for a user reaches all their tabs.
const sessions = app.get(SessionService);
app
  .get(LiveSocketServer)
  .attach(app.getHttpServer(), async (request) => (await sessions.fromRawRequest(request))?.data.userId);
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info({ port }, `gateway listening on port ${port}`);
