import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { AuditController } from './audit.controller.js';

/** What the web reports for the audit log (an inactivity sign-out); the trail itself is shared from the root. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [AuditController],
})
export class AuditModule {}
