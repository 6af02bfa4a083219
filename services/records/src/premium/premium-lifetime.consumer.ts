import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DurableEvents, type SubscriptionUpdated } from '@medical-qr/contracts';
import { CONFIG, type DeliveryContext, Consumes, LOGGER, ProcessedEvents } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { ExpiryScheduler } from '../expiry/expiry.scheduler.js';
import { RecordsRepository, type RecordLifetime } from '../records/records.repository.js';
import { PremiumStatusClient } from './premium-status.client.js';

/**
 * Records follow premium: when a user's premium changes, their codes that open their card stop
 * expiring (premium began) or get a free lifetime counted from now (premium ended, never
 * retroactive). Events may arrive late or out of order, so each one only says "look again": the
 * user's current status comes from billing. While billing does not answer, the handler throws and
 * the durable consumer brings the event back later.
 */
@Injectable()
export class PremiumLifetimeConsumer {
  constructor(
    private readonly records: RecordsRepository,
    private readonly premium: PremiumStatusClient,
    private readonly expiry: ExpiryScheduler,
    private readonly processed: ProcessedEvents,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Consumes(DurableEvents.subscriptionUpdated)
  async follow(event: SubscriptionUpdated, context: DeliveryContext) {
    // Settled: billing announces inside the transaction that records the change, so its status may not show it yet.
    const isPremium = await this.premium.isPremium(event.userId, { settled: true });
    let lifted: string[] = [];
    let limited: RecordLifetime[] = [];
    const handled = await this.processed.once(context, async (transaction) => {
      // The user's lock: a code created meanwhile is made under the status billing gives it then.
      const scope = await this.records.lockedScope(transaction, event.userId);
      if (isPremium) lifted = await scope.liftExpiry();
      else limited = await scope.giveLifetime(new Date(Date.now() + this.config.QR_TTL_USER));
    });
    if (!handled) {
      this.logger.info({ eventId: context.id }, 'premium change already applied for this event');
      return;
    }
    // After the commit: a job lost here is caught by the sweep (the row is the truth).
    for (const record of limited) await this.expiry.scheduleNewLifetime(record.id, record.expiresAt);
    if (lifted.length || limited.length) {
      this.logger.info(
        { userId: event.userId, isPremium, lifted: lifted.length, limited: limited.length },
        isPremium ? 'codes lifted: premium codes never expire' : 'codes given a free lifetime from now',
      );
    }
  }
}
