import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceName } from '@medical-qr/contracts';
import type { DatabaseHandle } from '../db/database.js';
import { createHealthController } from '../health/health.controller.js';
import { CONFIG, DATABASE, LOGGER } from './tokens.js';

export interface PlatformParts {
  service: ServiceName;
  config: unknown;
  logger: Logger;
  database: DatabaseHandle;
}

/** Gives a service its config, logger and database, answers its health pattern, and closes the pool on shutdown. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  static register(parts: PlatformParts): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [createHealthController(parts.service)],
      providers: [
        { provide: CONFIG, useValue: parts.config },
        { provide: LOGGER, useValue: parts.logger },
        { provide: DATABASE, useValue: parts.database },
      ],
      exports: [CONFIG, LOGGER, DATABASE],
    };
  }

  async onApplicationShutdown() {
    await this.database.close();
  }
}
