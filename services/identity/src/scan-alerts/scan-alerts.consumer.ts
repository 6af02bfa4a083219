import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AppRoutes,
  type CardScannedEvent,
  DurableEvents,
  type HealthLinkOpened,
  type MailJob,
  Queues,
} from '@medical-qr/contracts';
import {
  type DeliveryContext,
  Consumes,
  InjectQueue,
  type JobQueue,
  LOGGER,
  ProcessedEvents,
} from '@medical-qr/platform';
import { healthLinkOpenedMail, scanAlertMail } from '../mail/mail-templates.js';
import { UsersRepository } from '../users/users.repository.js';

/** A finished alert's job stays this long, so a re-queue of the same event is refused by its job id. */
const SENT_ALERT_KEPT_SECONDS = 24 * 3600;

/**
 * Mails a premium owner when one of their cards is viewed, and any owner when a reader opened one of their health
 * links; records decides when an alert is due.
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
    await this.queue(
      context,
      scanAlertMail(user.email, user.firstName, { ...event, historyUrl: `${event.appUrl}/history` }),
    );
  }

  @Consumes(DurableEvents.healthLinkOpened)
  async healthLinkOpened(event: HealthLinkOpened, context: DeliveryContext) {
    const user = await this.users.findById(event.userId);
    if (!user) return;
    const linksUrl = `${event.appUrl}${AppRoutes.myAccount}#health-links`;
    await this.queue(context, healthLinkOpenedMail(user.email, user.firstName, { openedAt: event.openedAt, linksUrl }));
  }

  /** The event id is recorded in the transaction that queues the mail, and is also the job's id. */
  private async queue(context: DeliveryContext, mail: MailJob) {
    const queued = await this.processed.once(context, () =>
      this.mail.add('scan-alert', mail, {
        jobId: `scan-alert-${context.id}`,
        removeOnComplete: { age: SENT_ALERT_KEPT_SECONDS },
        removeOnFail: 100,
      }),
    );
    if (!queued) this.logger.info({ eventId: context.id }, 'alert already queued for this event');
  }
}
