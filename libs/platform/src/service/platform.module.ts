import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceName } from '@medical-qr/contracts';
import type { FieldCipher } from '../crypto/field-cipher.js';
import type { DatabaseHandle } from '../db/database.js';
import type { BaseEnv } from '../config/env-schemas.js';
import { createHealthController } from '../health/health.controller.js';
import { ServiceClient } from '../nats/service-client.js';
import { CONFIG, DATABASE, FIELD_CIPHER, LOGGER, SERVICE_CLIENT } from './tokens.js';

export interface PlatformParts {
  service: ServiceName;
  config: BaseEnv;
  logger: Logger;
  database: DatabaseHandle;
  /** Present for services that hold encrypted fields (their config has ENCRYPTION_KEYS). */
  cipher?: FieldCipher;
}

/**
 * Gives a service its config, logger, database and NATS client (for asking other services),
 * answers its health pattern, and closes the pool and the client on shutdown.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
  ) {}

  static register(parts: PlatformParts): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [createHealthController(parts.service)],
      providers: [
        { provide: CONFIG, useValue: parts.config },
        { provide: LOGGER, useValue: parts.logger },
        { provide: DATABASE, useValue: parts.database },
        { provide: FIELD_CIPHER, useValue: parts.cipher ?? null },
        { provide: SERVICE_CLIENT, useFactory: () => ServiceClient.connect(parts.config, parts.service) },
      ],
      exports: [CONFIG, LOGGER, DATABASE, FIELD_CIPHER, SERVICE_CLIENT],
    };
  }

  async onApplicationShutdown() {
    await Promise.allSettled([this.services.close(), this.database.close()]);
  }
}
