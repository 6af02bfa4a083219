import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { cardScannedEventSchema, RecordsEvents } from '@medical-qr/contracts';
import { LOGGER } from '@medical-qr/platform';
import { scanAlertMail } from '../mail/mail-templates.js';
import { MAIL_QUEUE_TOKEN, type MailQueue } from '../mail/mail.queue.js';
import { UsersRepository } from '../users/users.repository.js';

/** Mails a premium owner when one of their cards is viewed; records decides when an alert is due. */
@Controller()
export class ScanAlertsController {
  constructor(
    private readonly users: UsersRepository,
    @Inject(MAIL_QUEUE_TOKEN) private readonly mail: MailQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(RecordsEvents.cardScanned)
  async cardScanned(@Payload() payload: unknown) {
    const parsed = cardScannedEventSchema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn('dropped a malformed card-scanned event');
      return;
    }
    const event = parsed.data;
    const user = await this.users.findById(event.userId);
    if (!user) return;
    await this.mail.add(
      'scan-alert',
      scanAlertMail(user.email, user.firstName, { ...event, historyUrl: `${event.appUrl}/history` }),
      { removeOnComplete: true, removeOnFail: 100 },
    );
  }
}
