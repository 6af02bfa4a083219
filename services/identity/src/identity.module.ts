import { Module } from '@nestjs/common';
import { Queues } from '@medical-qr/contracts';
import {
  CONFIG,
  EmailIndex,
  EventsModule,
  MailCap,
  PasswordHasher,
  processedEventsProvider,
  QueueModule,
} from '@medical-qr/platform';
import { AccountsController } from './accounts/accounts.controller.js';
import { AccountsService } from './accounts/accounts.service.js';
import type { IdentityConfig } from './config.js';
import { CodeConfirmationMailController } from './mail/code-confirmation-mail.controller.js';
import { FactsReminderMailController } from './mail/facts-reminder-mail.controller.js';
import { FamilyAlertMailController } from './mail/family-alert-mail.controller.js';
import { MailSender } from './mail/mail-sender.js';
import { ReceiptMailController } from './mail/receipt-mail.controller.js';
import { ScanAlertsConsumer } from './scan-alerts/scan-alerts.consumer.js';
import { EmailTokensRepository } from './tokens/email-tokens.repository.js';
import { UsersRepository } from './users/users.repository.js';
import { IdentityErasureController } from './erasure/identity-erasure.controller.js';

/** Users, passwords, email verification, password resets, Google sign-in and re-authentication. */
@Module({
  imports: [QueueModule.register(Queues.identityMail), EventsModule.register({ name: 'identity' })],
  controllers: [
    AccountsController,
    IdentityErasureController,
    CodeConfirmationMailController,
    ReceiptMailController,
    FactsReminderMailController,
    FamilyAlertMailController,
  ],
  providers: [
    AccountsService,
    UsersRepository,
    EmailTokensRepository,
    MailSender,
    processedEventsProvider('identity'),
    ScanAlertsConsumer,
    {
      provide: PasswordHasher,
      inject: [CONFIG],
      useFactory: (config: IdentityConfig) => new PasswordHasher(config.PASSWORD_HASH_CONCURRENCY),
    },
    {
      provide: MailCap,
      inject: [CONFIG],
      useFactory: (config: IdentityConfig) =>
        new MailCap({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, emailIndexKey: config.EMAIL_INDEX_KEY }),
    },
    {
      provide: EmailIndex,
      inject: [CONFIG],
      useFactory: (config: IdentityConfig) => new EmailIndex(config.EMAIL_INDEX_KEY),
    },
  ],
})
export class IdentityModule {}
