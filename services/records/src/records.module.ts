import { Module } from '@nestjs/common';
import { Queues } from '@medical-qr/contracts';
import { CONFIG, EventsModule, QueueModule, processedEventsProvider } from '@medical-qr/platform';
import type { RecordsConfig } from './config.js';
import { AnonymousCodesController } from './anonymous/anonymous-codes.controller.js';
import { AnonymousCodesService } from './anonymous/anonymous-codes.service.js';
import { CodeConfirmationMail } from './anonymous/code-confirmation-mail.js';
import { CodeConfirmationsRepository } from './anonymous/code-confirmations.repository.js';
import { CardController } from './card/card.controller.js';
import { CardService } from './card/card.service.js';
import { ScanLogRepository } from './card/scan-log.repository.js';
import { CardViewLog } from './card/card-view-log.js';
import { ExpiryScheduler } from './expiry/expiry.scheduler.js';
import { ExpiryWorker } from './expiry/expiry.worker.js';
import { FactsReminderMail } from './facts-reminders/facts-reminder-mail.js';
import { FactsReminderSweep } from './facts-reminders/facts-reminder-sweep.js';
import { FactsReminderWorker } from './facts-reminders/facts-reminder.worker.js';
import { HistoryController } from './history/history.controller.js';
import { HistoryService } from './history/history.service.js';
import { PremiumLifetimeConsumer } from './premium/premium-lifetime.consumer.js';
import { PremiumStatusClient } from './premium/premium-status.client.js';
import { PrintedReferences } from './records/printed-references.js';
import { RecordsController } from './records/records.controller.js';
import { ReferenceBackfill } from './records/reference-backfill.js';
import { RecordsRepository } from './records/records.repository.js';
import { RecordsService } from './records/records.service.js';
import { TokenIndex } from './records/token-index.js';
import { TagsController } from './tags/tags.controller.js';
import { TagsRepository } from './tags/tags.repository.js';
import { TagsService } from './tags/tags.service.js';
import { ConsentController } from './consent/consent.controller.js';
import { ConsentRepository } from './consent/consent.repository.js';
import { RecordsErasureController } from './erasure/records-erasure.controller.js';
import { RecordsExportController } from './export/records-export.controller.js';
import { RecordsExportService } from './export/records-export.service.js';
import { auditTrailProvider } from './audit-trail.js';

/**
 * Medical records, contacts, QR images, expiry (following the owner's premium), the reminder to check the facts, printed
 * tags, the public card and the scan log.
 */
@Module({
  imports: [
    QueueModule.register(Queues.recordsExpiry),
    QueueModule.register(Queues.recordsFactsReminders),
    EventsModule.register({ name: 'records' }),
  ],
  controllers: [
    RecordsController,
    AnonymousCodesController,
    HistoryController,
    CardController,
    TagsController,
    ConsentController,
    RecordsExportController,
    RecordsErasureController,
  ],
  providers: [
    auditTrailProvider,
    {
      provide: TokenIndex,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new TokenIndex(config.EMAIL_INDEX_KEY),
    },
    {
      provide: PrintedReferences,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new PrintedReferences(config.EMAIL_INDEX_KEY),
    },
    RecordsRepository,
    ReferenceBackfill,
    RecordsService,
    AnonymousCodesService,
    CodeConfirmationsRepository,
    CodeConfirmationMail,
    TagsRepository,
    ConsentRepository,
    RecordsExportService,
    TagsService,
    HistoryService,
    CardService,
    CardViewLog,
    ScanLogRepository,
    ExpiryScheduler,
    ExpiryWorker,
    FactsReminderMail,
    FactsReminderSweep,
    FactsReminderWorker,
    PremiumStatusClient,
    processedEventsProvider('records'),
    PremiumLifetimeConsumer,
  ],
})
export class RecordsModule {}
