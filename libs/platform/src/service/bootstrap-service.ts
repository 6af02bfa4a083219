import 'reflect-metadata';
import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { z } from 'zod';
import type { ServiceName } from '@medical-qr/contracts';
import { baseEnvSchema, type BaseEnv } from '../config/env-schemas.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { FieldCipher } from '../crypto/field-cipher.js';
import { openDatabase } from '../db/database.js';
import { runMigrations } from '../db/migrations.js';
import { RpcErrorFilter } from '../errors/rpc-exception.filter.js';
import { redactQueryParams } from '../logging/error-serializer.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { NatsCorrelationInterceptor } from '../nats/correlation.interceptor.js';
import { natsServerTransport } from '../nats/nats-options.js';
import { exitWithParent } from './exit-with-parent.js';
import { PlatformModule } from './platform.module.js';

export interface ServiceDefinition<S extends z.ZodType<BaseEnv>> {
  name: ServiceName;
  /** The service's feature modules, gathered in one module. */
  module: Type<unknown>;
  /** Folder of `NNNN_name.sql` migrations for the service's own schema. */
  migrationsFolder: string;
  /** The base schema, extended with the service's own variables. */
  configSchema?: S;
}

/**
 * Starts a service: validates its environment (naming every bad variable), applies its
 * migrations, then listens on NATS in a queue group named after it, inside the copy's namespace
 * (REDIS_PREFIX). Stops cleanly on SIGTERM/SIGINT.
 */
export async function bootstrapService<S extends z.ZodType<BaseEnv>>(definition: ServiceDefinition<S>) {
  let config: z.infer<S>;
  try {
    config = loadConfig(definition.configSchema ?? baseEnvSchema) as z.infer<S>;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let cipher: FieldCipher | undefined;
  try {
    const keys = config as { ENCRYPTION_KEYS?: string; ENCRYPTION_KEY_ID?: string };
    if (keys.ENCRYPTION_KEYS) cipher = FieldCipher.fromConfig(keys.ENCRYPTION_KEYS, keys.ENCRYPTION_KEY_ID ?? '');
  } catch (error) {
    process.stderr.write(`${definition.name}: Invalid configuration:\n  - ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  try {
    const applied = await runMigrations(config.DATABASE_URL, definition.name, definition.migrationsFolder);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    const reason = redactQueryParams((error as Error).message);
    logger.fatal({ err: error }, `cannot migrate the database at DATABASE_URL: ${reason}`);
    process.exit(1);
  }
  const database = openDatabase(config.DATABASE_URL, definition.name);

  @Module({
    imports: [
      PlatformModule.register({ service: definition.name, config, logger, database, cipher }),
      definition.module,
    ],
  })
  class ServiceRootModule {}

  const app = await NestFactory.createMicroservice(ServiceRootModule, {
    ...natsServerTransport(config, config.REDIS_PREFIX, definition.name),
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalInterceptors(new NatsCorrelationInterceptor());
  app.enableShutdownHooks();
  exitWithParent(() => app.close());
  await app.listen();
  logger.info('ready');
  return app;
}
