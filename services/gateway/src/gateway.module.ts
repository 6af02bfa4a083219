import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  AuditTrail,
  DATABASE,
  type DatabaseHandle,
  EventsModule,
  LOGGER,
  openDatabase,
  SERVICE_CLIENT,
  ServiceClient,
} from '@medical-qr/platform';
import { AuditController } from './auth/audit.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { GoogleOAuthClient } from './auth/google-oauth.client.js';
import type { GatewayConfig } from './config.js';
import { HealthController } from './health/health.controller.js';
import { HealthService } from './health/health.service.js';
import { CardScannedRelay } from './live/card-scanned.relay.js';
import { LiveSocketServer } from './live/live-socket.server.js';
import { PublicRateLimitGuard } from './rate-limit/public-rate-limit.guard.js';
import { CardController } from './records/card.controller.js';
import { RecordsController } from './records/records.controller.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionService } from './session/session.service.js';
import { SessionStore } from './session/session.store.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG, REDIS } from './tokens.js';

/** The gateway's shared connections, and the features that answer HTTP. */
@Global()
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [EventsModule.register({ name: 'gateway', config })],
      controllers: [HealthController, AuthController, AuditController, RecordsController, CardController],
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
          provide: SERVICE_CLIENT,
          useFactory: () => ServiceClient.connect(config, 'gateway'),
        },
        {
          provide: AUDIT_TRAIL,
          useFactory: () =>
            new AuditTrail({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, (error, entry) =>
              logger.error({ err: error, action: entry.action, userId: entry.userId }, 'audit entry not recorded'),
            ),
        },
        HealthService,
        LiveSocketServer,
        CardScannedRelay,
        SessionStore,
        SessionService,
        RateLimiter,
        PublicRateLimitGuard,
        GoogleOAuthClient,
      ],
      exports: [
        GATEWAY_CONFIG,
        LOGGER,
        DATABASE,
        REDIS,
        SERVICE_CLIENT,
        AUDIT_TRAIL,
        LiveSocketServer,
        SessionService,
        RateLimiter,
      ],
    };
  }

  async onApplicationShutdown() {
    await Promise.allSettled([this.services.close(), this.database.close(), this.redis.quit(), this.audit.close()]);
  }
}
