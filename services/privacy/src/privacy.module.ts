import { Module } from '@nestjs/common';
import { AuditLogWriter } from './audit/audit-log.writer.js';
import { ConsentHistoryRepository } from './consent/consent-history.repository.js';
import { ConsentService } from './consent/consent.service.js';
import { DeletionRequestsRepository } from './deletion/deletion-requests.repository.js';
import { DeletionService } from './deletion/deletion.service.js';
import { ExportService } from './export/export.service.js';
import { PersonalDataGatherer } from './export/personal-data.gatherer.js';
import { PrivacyController } from './privacy.controller.js';
import { RecordsClient } from './records/records.client.js';

/** Consent, deletion requests, the export of everything held about a person, and the audit log. */
@Module({
  controllers: [PrivacyController],
  providers: [
    AuditLogWriter,
    RecordsClient,
    ConsentHistoryRepository,
    ConsentService,
    DeletionRequestsRepository,
    DeletionService,
    PersonalDataGatherer,
    ExportService,
  ],
})
export class PrivacyModule {}
