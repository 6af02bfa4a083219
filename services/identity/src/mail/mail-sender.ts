import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { Queues, type MailJob } from '@medical-qr/contracts';
import { CONFIG, QueueWorker, withRequestId } from '@medical-qr/platform';
import type { IdentityConfig } from '../config.js';

/** The domain of the sender's address (`Medical QR <no-reply@medicalqr.example>`), which Message-IDs end with. */
function domainOf(from: string): string {
  return /@([^\s<>@"]+)>?\s*$/.exec(from)?.[1] ?? 'medicalqr.local';
}

/**
 * What goes to SMTP for a mail job: the sender, the rendered mail, and the Message-ID chosen when it was queued, so
 * every sending of one job is the same message (a mailbox shows a message delivered twice once).
 */
export function outgoingMail(from: string, { messageId, ...mail }: MailJob & { messageId: string }): SendMailOptions {
  return { from, ...mail, messageId: `<${messageId}@${domainOf(from)}>` };
}

/**
 * Drains the mail queue into SMTP; a failed send is retried by the queue with backoff. SMTP has no idempotency: a
 * worker that dies after the server took a mail but before the job was marked done sends it again, as the same
 * message (same Message-ID).
 */
@Injectable()
export class MailSender extends QueueWorker<MailJob> {
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: IdentityConfig) {
    super(Queues.identityMail);
    this.transport = nodemailer.createTransport(config.SMTP_URL);
  }

  async process(job: Job<MailJob>): Promise<void> {
    const messageId = job.data.messageId ?? (await this.giveMessageId(job));
    await this.transport.sendMail(outgoingMail(this.config.MAIL_FROM, { ...job.data, messageId }));
    this.logger.info({ jobId: job.id, subject: job.data.subject }, 'mail sent');
  }

  override async onModuleDestroy() {
    await super.onModuleDestroy();
    this.transport.close();
  }

  /** A job queued before mails had a Message-ID gets one, kept with the job for its retries. */
  private async giveMessageId(job: Job<MailJob>): Promise<string> {
    const messageId = randomUUID();
    // Kept with the request id it was queued under, which the worker took off the data it hands here.
    await job.updateData(withRequestId({ ...job.data, messageId }));
    return messageId;
  }
}
