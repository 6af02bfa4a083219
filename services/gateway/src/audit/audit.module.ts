import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { AuditController } from './audit.controller.js';

/** What the web reports for the audit log (an inactivity sign-out); the trail itself is shared from the root. */
@Module({
  imports: [SessionModule],
  controllers: [AuditController],
})
export class AuditModule {}
