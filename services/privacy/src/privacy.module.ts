import { Module } from '@nestjs/common';
import { AuditLogWriter } from './audit/audit-log.writer.js';

/** Consent, export, erasure and the audit log. */
@Module({ providers: [AuditLogWriter] })
export class PrivacyModule {}
