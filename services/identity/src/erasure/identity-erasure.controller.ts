import { Controller, Inject } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { type Erased, type MailJob, Queues, IdentityApi, type MessagePayload } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, InjectQueue, type JobQueue, Handles } from '@medical-qr/platform';
import { users } from '../database/schema.js';
import { accountDeletedMail } from '../mail/mail-templates.js';
import { namedMessageId } from '../mail/named-message-id.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * Erasure's last step (privacy's saga): the account goes, and its mailed links with it (cascade). Idempotent. First
 * the mail queue forgets the person: sent scan alerts and receipts stay a day in Redis (their job id refuses a
 * repeat), holding the address and first name, and a mail still waiting would go to someone who is gone. Then one
 * last mail says the deletion is done; a retried step queues it again as the same message (its Message-ID names the
 * user), and once the account is gone a retry finds no one to mail.
 */
@Controller()
export class IdentityErasureController {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly users: UsersRepository,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
  ) {}

  @Handles(IdentityApi.eraseUser)
  async erase({ userId }: MessagePayload<typeof IdentityApi.eraseUser>): Promise<Erased> {
    const user = await this.users.findById(userId);
    if (user) {
      const address = user.email.toLowerCase();
      await this.mail.removeWhere((mail) => mail.to.toLowerCase() === address);
      // The last mail to the address: removed from Redis once sent or given up, so nothing there names it after.
      await this.mail.add(
        'account-deleted',
        { ...accountDeletedMail(user.email, user.firstName), messageId: namedMessageId(`farewell:${userId}`) },
        { jobId: `farewell-${userId}`, removeOnComplete: true, removeOnFail: true },
      );
    }
    await this.database.db.delete(users).where(eq(users.id, userId));
    return { erased: true };
  }
}
