import { Controller } from '@nestjs/common';
import { AppRoutes, type MailJob, Queues, IdentityApi, type MessagePayload } from '@medical-qr/contracts';
import { InjectQueue, type JobQueue, MailCap, Handles } from '@medical-qr/platform';
import { codeConfirmationMail } from './mail-templates.js';

/** The page of the app that follows the link. */
const confirmPath = (token: string) => AppRoutes.confirmCodeEmail.replace(':token', encodeURIComponent(token));

/**
 * Mails the link that proves an anonymous code's email, for records (which makes the link, one per code, and
 * limits how many one address gets a day). Identity owns mail: the template, the queue and the cap every mail to an
 * address counts against (MailCap), so codes made in someone's name cannot add to resets and resends in a flood.
 */
@Controller()
export class CodeConfirmationMailController {
  constructor(
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
    private readonly mailCap: MailCap,
  ) {}

  @Handles(IdentityApi.mailCodeConfirmation)
  async send(request: MessagePayload<typeof IdentityApi.mailCodeConfirmation>): Promise<{ queued: boolean }> {
    if (!(await this.mailCap.allows(request.email))) return { queued: false };
    const link = `${request.appUrl}${confirmPath(request.token)}`;
    // The job holds a live link: dropped from Redis as soon as it is sent.
    await this.mail.add('send', codeConfirmationMail(request.email, link, new Date(request.expiresAt)), {
      removeOnComplete: true,
      removeOnFail: 100,
    });
    return { queued: true };
  }
}
