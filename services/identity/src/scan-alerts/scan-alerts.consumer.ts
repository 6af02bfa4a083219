import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DurableEvents, Queues, type CardScannedEvent, type MailJob } from '@medical-qr/contracts';
import {
  type DeliveryContext,
  Consumes,
  InjectQueue,
  type JobQueue,
  LOGGER,
  ProcessedEvents,
} from '@medical-qr/platform';
import { scanAlertMail } from '../mail/mail-templates.js';
import { UsersRepository } from '../users/users.repository.js';

/** A finished alert's job stays this long, so a re-queue of the same event is refused by its job id. */
const SENT_ALERT_KEPT_SECONDS = 24 * 3600;

/**
 * Mails a premium owner when one of their cards is viewed; records decides when an alert is due.
 * The events wait in identity's durable consumer while identity is down, and each queues one mail.
 */
@Injectable()
export class ScanAlertsConsumer {
  constructor(
    private readonly users: UsersRepository,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
    private readonly processed: ProcessedEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Consumes(DurableEvents.cardScanned)
  async alert(event: CardScannedEvent, context: DeliveryContext) {
    const user = await this.users.findById(event.userId);
    if (!user) return;
    const mail = scanAlertMail(user.email, user.firstName, { ...event, historyUrl: `${event.appUrl}/history` });
    // The event id is recorded in the transaction that queues the mail, and is also the job's id.
    const queued = await this.processed.once(context, () =>
      this.mail.add('scan-alert', mail, {
        jobId: `scan-alert-${context.id}`,
        removeOnComplete: { age: SENT_ALERT_KEPT_SECONDS },
        removeOnFail: 100,
      }),
    );
    if (!queued) this.logger.info({ eventId: context.id }, 'scan alert already queued for this event');
  }
}
