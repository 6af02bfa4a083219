import { type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuditTrail, type BaseEnv, CONFIG, LOGGER } from '@medical-qr/platform';

export const AUDIT_TRAIL = Symbol('AUDIT_TRAIL');

/** The audit log's queue, for card views; closed with the service. */
class ClosingAuditTrail extends AuditTrail implements OnApplicationShutdown {
  onApplicationShutdown() {
    return this.close();
  }
}

export const auditTrailProvider: Provider = {
  provide: AUDIT_TRAIL,
  inject: [CONFIG, LOGGER],
  useFactory: (config: BaseEnv, logger: Logger) =>
    new ClosingAuditTrail({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, (error, entry, entries) =>
      logger.error({ err: error, action: entry.action, entries }, 'audit entry not recorded'),
    ),
};
