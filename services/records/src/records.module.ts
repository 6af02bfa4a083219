import { Module } from '@nestjs/common';
import { Queues } from '@medical-qr/contracts';
import {
  CONFIG,
  EventsModule,
  PasswordHasher,
  QueueModule,
  processedEventsProvider,
  SmsSender,
} from '@medical-qr/platform';
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
import { FamilyAlertsController } from './family-alerts/family-alerts.controller.js';
import { FamilyAlertsRepository } from './family-alerts/family-alerts.repository.js';
import { FamilyAlertsService } from './family-alerts/family-alerts.service.js';
import { HealthLinksController } from './health-links/health-links.controller.js';
import { HealthLinksRepository } from './health-links/health-links.repository.js';
import { HealthLinksService } from './health-links/health-links.service.js';
import { SmsController } from './sms/sms.controller.js';
import { SmsInboundService } from './sms/sms-inbound.service.js';
import { NumberIndex } from './sms/sms-numbers.js';
import { SmsOutboxRepository } from './sms/sms-outbox.repository.js';
import { SmsWorker } from './sms/sms.worker.js';

/**
 * Medical records, contacts, QR images, expiry (following the owner's premium), the reminder to check the facts, printed
 * tags, the public card and the scan log, "Tell their family" with the texts it sends and receives, and SMART Health Links.
 */
@Module({
  imports: [
    QueueModule.register(Queues.recordsExpiry),
    QueueModule.register(Queues.recordsFactsReminders),
    QueueModule.register(Queues.recordsSms),
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
    FamilyAlertsController,
    SmsController,
    HealthLinksController,
  ],
  providers: [
    auditTrailProvider,
    {
      provide: TokenIndex,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new TokenIndex(config.EMAIL_INDEX_KEY),
    },
    {
      provide: NumberIndex,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new NumberIndex(config.EMAIL_INDEX_KEY),
    },
    { provide: SmsSender, inject: [CONFIG], useFactory: (config: RecordsConfig) => new SmsSender(config) },
    {
      provide: PrintedReferences,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new PrintedReferences(config.EMAIL_INDEX_KEY),
    },
    {
      provide: PasswordHasher,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) => new PasswordHasher(config.PASSCODE_HASH_CONCURRENCY),
    },
    RecordsRepository,
    ReferenceBackfill,
    RecordsService,
    FamilyAlertsRepository,
    FamilyAlertsService,
    SmsOutboxRepository,
    SmsInboundService,
    SmsWorker,
    HealthLinksRepository,
    HealthLinksService,
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
