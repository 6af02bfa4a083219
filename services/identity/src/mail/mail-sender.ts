import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import { Queues, type MailJob } from '@medical-qr/contracts';
import { CONFIG, QueueWorker } from '@medical-qr/platform';
import type { IdentityConfig } from '../config.js';

/** Drains the mail queue into SMTP; a failed send is retried by the queue with backoff. */
@Injectable()
export class MailSender extends QueueWorker<MailJob> {
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: IdentityConfig) {
    super(Queues.identityMail);
    this.transport = nodemailer.createTransport(config.SMTP_URL);
  }

  async process(job: Job<MailJob>): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...job.data });
    this.logger.info({ jobId: job.id, subject: job.data.subject }, 'mail sent');
  }

  override async onModuleDestroy() {
    await super.onModuleDestroy();
    this.transport.close();
  }
}
