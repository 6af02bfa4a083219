import 'reflect-metadata';
import { type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { BUS_ACCESS, type ServiceName } from '@medical-qr/contracts';
import { baseEnvSchema, type BaseEnv } from '../config/env-schemas.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { FieldCipher } from '../crypto/field-cipher.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrations.js';
import { PROCESSED_EVENTS_TABLE } from '../events/processed-events.js';
import { RpcErrorFilter } from '../errors/rpc-exception.filter.js';
import { redactQueryParams } from '../logging/error-serializer.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { collectProcessMetrics } from '../metrics/metrics-registry.js';
import { type MetricsServer, type ReadinessCheck, startMetricsServer } from '../metrics/metrics-server.js';
import { NatsHandlerMetricsInterceptor } from '../metrics/nats-handler-metrics.interceptor.js';
import { NatsCorrelationInterceptor } from '../nats/correlation.interceptor.js';
import { natsConnectionOptions } from '../nats/nats-options.js';
import type { ServiceClient } from '../nats/service-client.js';
import { startTracing, type Tracing } from '../tracing/tracing.js';
import { DrainingNatsServer } from './draining-nats.server.js';
import { exitWithParent } from './exit-with-parent.js';
import { gracefulShutdown, shutDownOnSignals } from './graceful-shutdown.js';
import { PlatformModule } from './platform.module.js';
import { SERVICE_CLIENT } from './tokens.js';

export interface ServiceDefinition<S extends z.ZodType<BaseEnv>> {
  name: ServiceName;
  /** The service's feature modules, gathered in one module. */
  module: Type<unknown>;
  /** Folder of `NNNN_name.sql` migrations for the service's own schema. */
  migrationsFolder: string;
  /** The base schema, extended with the service's own variables. */
  configSchema?: S;
}

/** A start-up problem ends the process with one line that names it. */
function exitWith(service: string, message: string): never {
  process.stderr.write(`${service}: ${message}\n`);
  process.exit(1);
}

function loadServiceConfig<S extends z.ZodType<BaseEnv>>(definition: ServiceDefinition<S>): z.infer<S> {
  try {
    return loadConfig(definition.configSchema ?? baseEnvSchema) as z.infer<S>;
  } catch (error) {
    if (error instanceof ConfigError) exitWith(definition.name, error.message);
    throw error;
  }
}

function loadCipher(service: string, config: BaseEnv): FieldCipher | undefined {
  const keys = config as { ENCRYPTION_KEYS?: string; ENCRYPTION_KEY_ID?: string };
  if (!keys.ENCRYPTION_KEYS) return undefined;
  try {
    return FieldCipher.fromConfig(keys.ENCRYPTION_KEYS, keys.ENCRYPTION_KEY_ID ?? '');
  } catch (error) {
    exitWith(service, `Invalid configuration:\n  - ${(error as Error).message}`);
  }
}

async function migrate(definition: ServiceDefinition<z.ZodType<BaseEnv>>, config: BaseEnv, logger: Logger) {
  try {
    // A service that consumes durable events keeps the ids it handled (ProcessedEvents).
    const platformTables = BUS_ACCESS[definition.name].consumes.length > 0 ? [PROCESSED_EVENTS_TABLE] : [];
    const migrationUrl = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
    const runtimeRole = decodeURIComponent(new URL(config.DATABASE_URL).username);
    const migrationRole = decodeURIComponent(new URL(migrationUrl).username);
    const applied = await runMigrations(migrationUrl, definition.name, definition.migrationsFolder, {
      platformTables,
      runtimeRole: runtimeRole && runtimeRole !== migrationRole ? runtimeRole : undefined,
      lockWaitMs: config.MIGRATION_LOCK_WAIT_MS,
    });
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    const reason = redactQueryParams((error as Error).message);
    logger.fatal(
      { err: error },
      `cannot migrate the database at ${config.DATABASE_MIGRATION_URL ? 'DATABASE_MIGRATION_URL' : 'DATABASE_URL'}: ${reason}`,
    );
    process.exit(1);
  }
}

async function startMetrics(config: BaseEnv, isReady: ReadinessCheck, logger: Logger) {
  try {
    return await startMetricsServer(config, isReady);
  } catch (error) {
    logger.fatal({ err: error }, `cannot serve metrics on METRICS_PORT ${config.METRICS_PORT}`);
    process.exit(1);
  }
}

/**
 * The order is what makes it graceful: probes see 503 at once; NATS stops delivering requests and
 * those in hand are answered while the database and the client to other services are still open;
 * then Nest's hooks stop the queue workers (finishing their jobs) and the event consumers, and close
 * the service client, the database and the queues; the metrics server goes last.
 */
async function stopService(
  app: INestMicroservice,
  server: DrainingNatsServer,
  tracing: Tracing,
  metrics?: MetricsServer,
) {
  metrics?.markShuttingDown();
  await server.drain();
  await app.close();
  await tracing.shutdown();
  await metrics?.close();
}

/**
 * Starts a service: validates its environment (naming every bad variable), serves its metrics and
 * probes (METRICS_PORT), applies its migrations, then listens on NATS in a queue group named after
 * it, inside the copy's namespace (REDIS_PREFIX). Stops gracefully on SIGTERM/SIGINT, within
 * SHUTDOWN_TIMEOUT_MS.
 */
export async function bootstrapService<S extends z.ZodType<BaseEnv>>(definition: ServiceDefinition<S>) {
  const config: BaseEnv = loadServiceConfig(definition);
  const cipher = loadCipher(definition.name, config);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const tracing = startTracing(definition.name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  collectProcessMetrics(definition.name);
  let isReady: ReadinessCheck = () => false;
  const metrics = await startMetrics(config, () => isReady(), logger);
  await migrate(definition, config, logger);
  const database = openDatabase(config.DATABASE_URL, definition.name, config.DATABASE_POOL_MAX);

  @Module({
    imports: [
      PlatformModule.register({ service: definition.name, config, logger, database, cipher }),
      definition.module,
    ],
  })
  class ServiceRootModule {}

  const server = new DrainingNatsServer(config.REDIS_PREFIX, {
    ...natsConnectionOptions(config, definition.name),
    queue: definition.name,
  });
  const app = await NestFactory.createMicroservice(ServiceRootModule, {
    strategy: server,
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalInterceptors(new NatsCorrelationInterceptor(), new NatsHandlerMetricsInterceptor(config.REDIS_PREFIX));
  const shutdown = gracefulShutdown({
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    stop: () => stopService(app, server, tracing, metrics),
  });
  shutDownOnSignals(shutdown);
  exitWithParent(() => shutdown('the launcher is gone'));
  await app.listen();
  isReady = serviceReadiness(server, app.get<ServiceClient>(SERVICE_CLIENT), database);
  logger.info('ready');
  return app;
}

/** Ready when NATS delivers its requests, it can ask other services, and its database answers. */
function serviceReadiness(server: DrainingNatsServer, services: ServiceClient, database: DatabaseHandle) {
  return async () => server.isServing() && services.isConnected() && (await database.ping().then(() => true));
}
