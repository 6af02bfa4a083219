import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, type SmsJob, SmsJobs } from '@medical-qr/contracts';
import { CONFIG, InjectQueue, type JobQueue, QueueWorker, SmsProviderError, SmsSender } from '@medical-qr/platform';
import { appUrlOf, type RecordsConfig } from '../config.js';
import { FamilyAlertsService } from '../family-alerts/family-alerts.service.js';
import { FamilyAlertsRepository } from '../family-alerts/family-alerts.repository.js';
import { SmsOutboxRepository } from './sms-outbox.repository.js';

/** Twilio's "the number replied STOP": it will not take texts to it until they reply START. */
const UNSUBSCRIBED_RECIPIENT = 21610;
/** Found per sweep; the rest wait for the next. */
const SWEEP_BATCH = 100;
/** A text still unsent this long after it was written lost its job (Redis lost its data): the sweep queues it again. */
const LOST_AFTER_MS = 60_000;

/**
 * Sends the outbox's texts (`send`, one per text, its job id the text's id), escalates family alerts nobody answered
 * (`escalate`, delayed), and every minute (`sweep`) queues again what lost its job and escalates what is overdue. A
 * text the provider took is never sent again: its id is stored before the job completes, and a retry finds it. Only a
 * crash between the provider's answer and that write could send one twice (docs/decisions.md).
 */
@Injectable()
export class SmsWorker extends QueueWorker<SmsJob> {
  constructor(
    private readonly outbox: SmsOutboxRepository,
    private readonly alerts: FamilyAlertsService,
    private readonly stored: FamilyAlertsRepository,
    private readonly sender: SmsSender,
    @InjectQueue(Queues.recordsSms) private readonly queue: JobQueue<SmsJob>,
    @Inject(CONFIG) private readonly config: RecordsConfig,
  ) {
    super(Queues.recordsSms, { concurrency: 5 });
  }

  override async onModuleInit() {
    super.onModuleInit();
    await this.queue.repeat(SmsJobs.sweep, this.config.SMS_SWEEP_INTERVAL_MS, {});
  }

  async process(job: Job<SmsJob>): Promise<void> {
    if (job.name === SmsJobs.send && job.data.outboxId) return this.send(job.data.outboxId);
    if (job.name === SmsJobs.escalate && job.data.alertId) return this.alerts.escalate(job.data.alertId);
    if (job.name === SmsJobs.sweep) return this.sweep();
  }

  private async send(outboxId: string): Promise<void> {
    const text = await this.outbox.find(outboxId);
    // Gone with its alert (an erasure), or already taken by the provider: nothing to send.
    if (!text || text.providerSid) return;
    if (await this.outbox.isOptedOut(text.toIndex)) return this.outbox.markNotSent(text.id, 'opted-out');
    try {
      const sent = await this.sender.send({
        to: text.to,
        body: text.body,
        statusCallbackUrl: `${appUrlOf(this.config)}/api/sms/status`,
      });
      await this.outbox.markSent(text.id, sent.sid, sent.status);
    } catch (error) {
      if (!(error instanceof SmsProviderError) || error.retryable) throw error; // retried with backoff
      if (error.code === UNSUBSCRIBED_RECIPIENT) await this.outbox.optOut(text.toIndex);
      await this.outbox.markNotSent(
        text.id,
        error.code === UNSUBSCRIBED_RECIPIENT ? 'opted-out' : 'failed',
        error.code,
      );
      this.logger.warn({ outboxId, code: error.code }, 'the SMS provider refused a text for good');
    }
  }

  private async sweep(): Promise<void> {
    for (const id of await this.outbox.findUnsent(new Date(Date.now() - LOST_AFTER_MS), SWEEP_BATCH)) {
      await this.queue.ensure(SmsJobs.send, { outboxId: id }, id);
    }
    const overdue = new Date(Date.now() - this.config.FAMILY_ALERT_ESCALATE_MS - LOST_AFTER_MS);
    for (const alertId of await this.stored.findDueForEscalation(overdue, SWEEP_BATCH)) {
      await this.alerts.escalate(alertId);
    }
    await this.outbox.deleteOld(this.config.SMS_RETENTION_DAYS);
  }
}
