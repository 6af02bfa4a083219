import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, createQueue, EventsModule } from '@medical-qr/platform';
import { AccountsController } from './accounts/accounts.controller.js';
import { AccountsService } from './accounts/accounts.service.js';
import type { IdentityConfig } from './config.js';
import { MailSender } from './mail/mail-sender.js';
import { MAIL_QUEUE, MAIL_QUEUE_TOKEN, type MailJob, type MailQueue } from './mail/mail.queue.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { ScanAlertsConsumer } from './scan-alerts/scan-alerts.consumer.js';
import { EmailTokensRepository } from './tokens/email-tokens.repository.js';
import { UsersRepository } from './users/users.repository.js';

/** Users, passwords, email verification, password resets, Google sign-in and re-authentication. */
@Module({
  imports: [EventsModule.register({ name: 'identity' })],
  controllers: [AccountsController],
  providers: [
    AccountsService,
    UsersRepository,
    EmailTokensRepository,
    MailSender,
    ScanAlertsConsumer,
    {
      provide: PasswordHasher,
      inject: [CONFIG],
      useFactory: (config: IdentityConfig) => new PasswordHasher(config.PASSWORD_HASH_CONCURRENCY),
    },
    {
      provide: MAIL_QUEUE_TOKEN,
      inject: [CONFIG],
      useFactory: (config: IdentityConfig) =>
        createQueue<MailJob>(MAIL_QUEUE, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
    },
  ],
})
export class IdentityModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_QUEUE_TOKEN) private readonly mailQueue: MailQueue) {}

  async onApplicationShutdown() {
    await this.mailQueue.close();
  }
}
