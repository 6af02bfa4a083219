import { Controller } from '@nestjs/common';
import { type MailJob, Queues, IdentityApi, type MessagePayload } from '@medical-qr/contracts';
import { InjectQueue, type JobQueue, Handles } from '@medical-qr/platform';
import { UsersRepository } from '../users/users.repository.js';
import { orderReceiptMail, premiumReceiptMail } from './mail-templates.js';
import { namedMessageId } from './named-message-id.js';

/** A sent receipt's job stays this long, so the same receipt asked for again is refused by its job id. */
const SENT_RECEIPT_KEPT_SECONDS = 24 * 3600;

/**
 * Mails the receipt of a payment to the account's own address, once per receipt id (the job's id), however often the
 * paying service asks (its job retried, its event delivered twice). Not counted against MailCap: a receipt follows
 * the person's own payment, a stranger cannot make the system send one, and a dropped receipt would be lost.
 */
@Controller()
export class ReceiptMailController {
  constructor(
    private readonly users: UsersRepository,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
  ) {}

  @Handles(IdentityApi.mailReceipt)
  async send(request: MessagePayload<typeof IdentityApi.mailReceipt>): Promise<{ queued: boolean }> {
    const user = await this.users.findById(request.userId);
    // An account erased since it paid gets no mail.
    if (!user) return { queued: false };
    const template = request.kind === 'premium' ? premiumReceiptMail : orderReceiptMail;
    const mail = template(user.email, user.firstName, request, namedMessageId(`receipt:${request.receiptId}`));
    await this.mail.add('receipt', mail, {
      jobId: `receipt-${request.receiptId}`,
      removeOnComplete: { age: SENT_RECEIPT_KEPT_SECONDS },
      removeOnFail: 100,
    });
    return { queued: true };
  }
}
