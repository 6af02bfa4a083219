import { Controller } from '@nestjs/common';
import { IdentityApi, type MailJob, type MessagePayload, Queues } from '@medical-qr/contracts';
import { Handles, InjectQueue, type JobQueue } from '@medical-qr/platform';
import { UsersRepository } from '../users/users.repository.js';
import { familyAlertMail } from './family-alert-mail.js';
import { namedMessageId } from './named-message-id.js';

/** A sent alert mail's job stays this long, so the same alert asked for again is refused by its job id. */
const SENT_ALERT_KEPT_SECONDS = 7 * 24 * 3600;

/**
 * Mails the owner of a card someone used to tell their family, once per alert (the job's id). Not counted against
 * MailCap: it goes to the account holder, and the card's own limit (3 alerts in 10 minutes) bounds it.
 */
@Controller()
export class FamilyAlertMailController {
  constructor(
    private readonly users: UsersRepository,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
  ) {}

  @Handles(IdentityApi.mailFamilyAlert)
  async send(request: MessagePayload<typeof IdentityApi.mailFamilyAlert>): Promise<{ queued: boolean }> {
    const user = await this.users.findById(request.userId);
    if (!user) return { queued: false };
    const mail = familyAlertMail(
      user.email,
      user.firstName,
      request,
      namedMessageId(`family-alert:${request.alertId}`),
    );
    await this.mail.add('family-alert', mail, {
      jobId: `family-alert-${request.alertId}`,
      removeOnComplete: { age: SENT_ALERT_KEPT_SECONDS },
      removeOnFail: 100,
    });
    return { queued: true };
  }
}
