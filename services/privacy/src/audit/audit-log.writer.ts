import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { AUDIT_QUEUE, auditEntrySchema, type AuditEntry } from '@medical-qr/contracts';
import { type BaseEnv, CONFIG, createWorker, DATABASE, type DatabaseHandle, LOGGER } from '@medical-qr/platform';
import { auditLog } from './audit-log.schema.js';

/** Drains the audit queue into the audit log, once per entry even if the queue delivers twice. */
@Injectable()
export class AuditLogWriter implements OnModuleInit, OnApplicationShutdown {
  private worker?: Worker<AuditEntry>;

  constructor(
    @Inject(CONFIG) private readonly config: BaseEnv,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.worker = createWorker<AuditEntry>(
      AUDIT_QUEUE,
      async (job) => {
        const parsed = auditEntrySchema.safeParse(job.data);
        if (!parsed.success) {
          this.logger.error({ jobId: job.id }, 'dropped a malformed audit entry');
          return;
        }
        const entry = parsed.data;
        await this.database.db
          .insert(auditLog)
          .values({
            occurredAt: new Date(entry.occurredAt),
            action: entry.action,
            userId: entry.userId ?? null,
            email: entry.email ?? null,
            ip: entry.ip ?? null,
            userAgent: entry.userAgent ?? null,
            requestId: entry.requestId ?? null,
            details: entry.details ?? {},
            sourceJobId: job.id ?? null,
          })
          .onConflictDoNothing({ target: auditLog.sourceJobId });
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX },
    );
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
