import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceName } from '@medical-qr/contracts';
import type { FieldCipher } from '../crypto/field-cipher.js';
import type { DatabaseHandle } from '../db/database.js';
import { createHealthController } from '../health/health.controller.js';
import { CONFIG, DATABASE, FIELD_CIPHER, LOGGER } from './tokens.js';

export interface PlatformParts {
  service: ServiceName;
  config: unknown;
  logger: Logger;
  database: DatabaseHandle;
  /** Present for services that hold encrypted fields (their config has ENCRYPTION_KEYS). */
  cipher?: FieldCipher;
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
        { provide: FIELD_CIPHER, useValue: parts.cipher ?? null },
      ],
      exports: [CONFIG, LOGGER, DATABASE, FIELD_CIPHER],
    };
  }

  async onApplicationShutdown() {
    await this.database.close();
  }
}
