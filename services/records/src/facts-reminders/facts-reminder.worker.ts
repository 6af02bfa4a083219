import { Inject, Injectable } from '@nestjs/common';
import { FactsReminderJobs, Queues, type FactsReminderJob } from '@medical-qr/contracts';
import { CONFIG, InjectQueue, type JobQueue, QueueWorker } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { FactsReminderSweep } from './facts-reminder-sweep.js';

/** Runs the facts reminder sweep every FACTS_REMINDER_SWEEP_INTERVAL_MS (daily), one sweep at a time per process. */
@Injectable()
export class FactsReminderWorker extends QueueWorker<FactsReminderJob> {
  constructor(
    private readonly sweep: FactsReminderSweep,
    @InjectQueue(Queues.recordsFactsReminders) private readonly queue: JobQueue<FactsReminderJob>,
    @Inject(CONFIG) private readonly config: RecordsConfig,
  ) {
    super(Queues.recordsFactsReminders, { concurrency: 1 });
  }

  override async onModuleInit() {
    super.onModuleInit();
    await this.queue.repeat(FactsReminderJobs.sweep, this.config.FACTS_REMINDER_SWEEP_INTERVAL_MS, {});
  }

  async process(): Promise<void> {
    const reminded = await this.sweep.run();
    if (reminded) this.logger.info({ reminded }, 'owners reminded to check their facts');
  }
}
