import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DATABASE, LOGGER, openDatabase, ServiceClient, type DatabaseHandle } from '@medical-qr/platform';
import type { GatewayConfig } from './config.js';
import { HealthController } from './health/health.controller.js';
import { HealthService } from './health/health.service.js';
import { LiveSocketServer } from './live/live-socket.server.js';
import { GATEWAY_CONFIG, REDIS, SERVICES_CLIENT } from './tokens.js';

/** The gateway's shared connections, and the features that answer HTTP. */
@Global()
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICES_CLIENT) private readonly services: ServiceClient,
  ) {}

  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        // The gateway owns no tables; it keeps two connections to report PostgreSQL's health.
        { provide: DATABASE, useFactory: () => openDatabase(config.DATABASE_URL, 'gateway', 2) },
        {
          provide: REDIS,
          useFactory: () => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
        },
        {
          provide: SERVICES_CLIENT,
          useFactory: async () => {
            const client = new ServiceClient(config.NATS_URL, 'gateway', config.NATS_REQUEST_TIMEOUT_MS);
            await client.connect();
            return client;
          },
        },
        HealthService,
        LiveSocketServer,
      ],
      exports: [GATEWAY_CONFIG, LOGGER, DATABASE, REDIS, SERVICES_CLIENT, LiveSocketServer],
    };
  }

  async onApplicationShutdown() {
    await Promise.allSettled([this.services.close(), this.database.close(), this.redis.quit()]);
  }
}
