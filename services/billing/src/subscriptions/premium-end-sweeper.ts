import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@medical-qr/platform';
import type { BillingConfig } from '../config.js';
import { PremiumAnnouncer } from './premium-announcer.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

const BATCH = 100;

/**
 * Premium set to end stops at its period's end by the clock alone (the premium rule); this
 * announces that end to the other services even when the provider's webhook is late or lost, so
 * records give free lifetimes from then. Replicas may sweep at once: the user's lock and the last
 * announcement make each end announced once.
 */
@Injectable()
export class PremiumEndSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly announcer: PremiumAnnouncer,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'premium end sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.config.PREMIUM_END_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.running;
  }

  /** Announces every premium whose end has come; answers how many ended. */
  async sweep(now = new Date()): Promise<number> {
    let ended = 0;
    for (const userId of await this.repository.findPremiumPastItsEnd(now, BATCH)) {
      const state = await this.repository.withUserLock(userId, (tx) => this.announcer.announce(tx, userId));
      if (!state.isPremium) ended++;
    }
    if (ended) this.logger.info({ ended }, 'premium ended at the end of its period');
    return ended;
  }
}
