import { Inject, Injectable } from '@nestjs/common';
import { AppRoutes } from '@medical-qr/contracts';
import { CONFIG } from '@medical-qr/platform';
import { appUrlOf, type RecordsConfig } from '../config.js';
import { RecordsRepository } from '../records/records.repository.js';
import { FactsReminderMail } from './facts-reminder-mail.js';

/** Codes claimed and mailed per round; the sweep goes on until a round finds fewer. */
const BATCH = 100;

/**
 * Mails each owner whose code's facts went unchecked for FACTS_REMINDER_DAYS, once per lapse: each code is claimed in
 * the database with its mail, so overlapping sweeps (two replicas, a retried job) mail it once, and a check since
 * (a save, a confirmation) starts a new lapse. The mail links to the owner's codes in the app, where they confirm.
 */
@Injectable()
export class FactsReminderSweep {
  constructor(
    private readonly records: RecordsRepository,
    private readonly mail: FactsReminderMail,
    @Inject(CONFIG) private readonly config: RecordsConfig,
  ) {}

  /** Answers how many codes were reminded. Identity not answering stops the sweep; the codes stay due. */
  async run(): Promise<number> {
    const days = this.config.FACTS_REMINDER_DAYS;
    const confirmUrl = `${appUrlOf(this.config)}${AppRoutes.history}`;
    let reminded = 0;
    for (;;) {
      const due = await this.records.findFactsReminderDue(days, BATCH);
      for (const recordId of due) {
        const claimed = await this.records.claimFactsReminder(recordId, days, async (code) => {
          await this.mail.send({
            userId: code.userId,
            reminderId: `${code.recordId}-${code.factsCheckedAt.getTime()}`,
            label: code.label,
            factsCheckedAt: code.factsCheckedAt.toISOString(),
            confirmUrl,
          });
        });
        if (claimed) reminded += 1;
      }
      if (due.length < BATCH) return reminded;
    }
  }
}
