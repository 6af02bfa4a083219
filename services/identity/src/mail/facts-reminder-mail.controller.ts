import { Controller } from '@nestjs/common';
import { IdentityApi, type MailJob, type MessagePayload, Queues } from '@medical-qr/contracts';
import { Handles, InjectQueue, type JobQueue } from '@medical-qr/platform';
import { UsersRepository } from '../users/users.repository.js';
import { factsReminderMail } from './facts-reminder-mail.js';
import { namedMessageId } from './named-message-id.js';

/** A sent reminder's job stays this long, so the same reminder asked for again is refused by its job id. */
const SENT_REMINDER_KEPT_SECONDS = 7 * 24 * 3600;

/**
 * Mails the owner of a code whose facts went unchecked, to the account's own address, once per reminder id (the job's
 * id), however often records asks. Not counted against MailCap: it goes to the account holder about their own code, at
 * most once per lapse, and a stranger cannot make the system send one.
 */
@Controller()
export class FactsReminderMailController {
  constructor(
    private readonly users: UsersRepository,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
  ) {}

  @Handles(IdentityApi.mailFactsReminder)
  async send(request: MessagePayload<typeof IdentityApi.mailFactsReminder>): Promise<{ queued: boolean }> {
    const user = await this.users.findById(request.userId);
    // An account erased since the sweep found its code gets no mail.
    if (!user) return { queued: false };
    const mail = factsReminderMail(
      user.email,
      user.firstName,
      request,
      namedMessageId(`facts-reminder:${request.reminderId}`),
    );
    await this.mail.add('facts-reminder', mail, {
      jobId: `facts-reminder-${request.reminderId}`,
      removeOnComplete: { age: SENT_REMINDER_KEPT_SECONDS },
      removeOnFail: 100,
    });
    return { queued: true };
  }
}
