import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { CONFIG, createWorker, LOGGER } from '@medical-qr/platform';
import type { IdentityConfig } from '../config.js';
import { MAIL_QUEUE, type MailJob } from './mail.queue.js';

/** Drains the mail queue into SMTP; a failed send is retried by the queue with backoff. */
@Injectable()
export class MailSender implements OnModuleInit, OnApplicationShutdown {
  private worker?: Worker<MailJob>;
  private transport?: Transporter;

  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.transport = nodemailer.createTransport(this.config.SMTP_URL);
    this.worker = createWorker<MailJob>(
      MAIL_QUEUE,
      async (job) => {
        await this.transport!.sendMail({ from: this.config.MAIL_FROM, ...job.data });
        this.logger.info({ jobId: job.id, subject: job.data.subject }, 'mail sent');
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'mail not sent yet'),
    );
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    this.transport?.close();
  }
}
