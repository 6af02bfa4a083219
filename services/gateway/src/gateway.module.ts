import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AuditTrail, EventsModule, LOGGER, SERVICE_CLIENT, ServiceClient } from '@medical-qr/platform';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import type { GatewayConfig } from './config.js';
import { HealthModule } from './health/health.module.js';
import { SameOriginGuard } from './http/same-origin.guard.js';
import { LiveModule } from './live/live.module.js';
import { MedicalTermsModule } from './medical-terms/medical-terms.module.js';
import { PrintifyWebhookModule } from './printify-webhook/printify-webhook.module.js';
import { RecordsModule } from './records/records.module.js';
import { FamilyAlertsModule } from './family-alerts/family-alerts.module.js';
import { HealthLinksModule } from './health-links/health-links.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { ShopAssetsModule } from './shop-assets/shop-assets.module.js';
import { ShopModule } from './shop/shop.module.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG, REDIS } from './tokens.js';

/**
 * The composition root: the connections every feature shares (config, logger, Redis, the service
 * client, the audit trail), the same-origin check on every route, and the feature modules.
 */
@Global()
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        EventsModule.register({ name: 'gateway', config }),
        HealthModule,
        AuthModule,
        AuditModule,
        RecordsModule,
        FamilyAlertsModule,
        HealthLinksModule,
        MedicalTermsModule,
        BillingModule,
        LiveModule,
        PrivacyModule,
        ShopAssetsModule,
        ShopModule,
        PrintifyWebhookModule,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
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
        { provide: APP_GUARD, useClass: SameOriginGuard },
      ],
      exports: [GATEWAY_CONFIG, LOGGER, REDIS, SERVICE_CLIENT, AUDIT_TRAIL],
    };
  }

  async onApplicationShutdown() {
    await Promise.allSettled([this.services.close(), this.redis.quit(), this.audit.close()]);
  }
}
