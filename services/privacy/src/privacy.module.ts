import { Module } from '@nestjs/common';
import { Queues } from '@medical-qr/contracts';
import { EventsModule, QueueModule } from '@medical-qr/platform';
import { AuditEmailSealer } from './audit/audit-email.sealer.js';
import { AuditLogWriter } from './audit/audit-log.writer.js';
import { ConsentHistoryRepository } from './consent/consent-history.repository.js';
import { ConsentService } from './consent/consent.service.js';
import { DeletionRequestsRepository } from './deletion/deletion-requests.repository.js';
import { DeletionService } from './deletion/deletion.service.js';
import { ErasureSaga } from './erasure/erasure.saga.js';
import { PrivacyJobsScheduler } from './erasure/privacy-jobs.scheduler.js';
import { PrivacyErasureRepository } from './erasure/privacy-erasure.repository.js';
import { PrivacyJobsWorker } from './erasure/privacy-jobs.worker.js';
import { ExportService } from './export/export.service.js';
import { PersonalDataGatherer } from './export/personal-data.gatherer.js';
import { PrivacyExportRepository } from './export/privacy-export.repository.js';
import { PrivacyController } from './privacy.controller.js';
import { RecordsClient } from './records/records.client.js';

/** Consent, deletion requests and the erasure saga, the export of everything held about a person, the audit log. */
@Module({
  imports: [QueueModule.register(Queues.privacyErasure), EventsModule.register({ name: 'privacy' })],
  controllers: [PrivacyController],
  providers: [
    AuditEmailSealer,
    AuditLogWriter,
    RecordsClient,
    ConsentHistoryRepository,
    ConsentService,
    DeletionRequestsRepository,
    DeletionService,
    PrivacyExportRepository,
    PersonalDataGatherer,
    ExportService,
    PrivacyErasureRepository,
    PrivacyJobsScheduler,
    ErasureSaga,
    PrivacyJobsWorker,
  ],
})
export class PrivacyModule {}
