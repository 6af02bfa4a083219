import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DurableEvents } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import type { SubscriptionRow } from '../database/schema.js';
import { NOT_PREMIUM, premiumStateOf, samePremiumState, type PremiumState } from './premium-rule.js';
import { subscriptionRowFrom } from './subscription-row.js';
import { SubscriptionsRepository, type Executor } from './subscriptions.repository.js';

/**
 * Records what the provider says about a user's subscriptions and tells the other services
 * (subscription.updated) whenever the user's premium changed since they were last told: started,
 * set to end, resumed, renewed or ended. Callers hold the user's lock (SubscriptionsRepository).
 */
@Injectable()
export class PremiumAnnouncer {
  constructor(
    private readonly repository: SubscriptionsRepository,
    @Inject(EVENT_BUS) private readonly events: EventBus,
  ) {}

  /** Stores the provider's subscription as it is now. */
  store(tx: Executor, userId: string, subscription: Stripe.Subscription): Promise<SubscriptionRow> {
    return this.repository.upsertSubscription(tx, subscriptionRowFrom(subscription, userId));
  }

  /**
   * Announces the user's premium if it differs from the last announcement, and answers it. The
   * event's id is `eventId` when a provider event caused this, else it counts the user's
   * announcements: either way a retry (after a rollback) publishes the same id again. The id names
   * the user by a hash: consumers keep ids, and an erased person's id must not stay with them.
   */
  async announce(tx: Executor, userId: string, eventId?: string): Promise<PremiumState> {
    const state = premiumStateOf(await this.repository.listForUser(userId, tx), new Date());
    const last = await this.repository.findAnnouncement(tx, userId);
    if (samePremiumState(state, last ?? NOT_PREMIUM)) return state;
    const version = (last?.version ?? 0) + 1;
    await this.repository.saveAnnouncement(tx, userId, state, version);
    // Inside the transaction: if the publish fails, the announcement is not recorded and is tried again.
    await this.events.publish(
      DurableEvents.subscriptionUpdated,
      { userId, isPremium: state.isPremium, expiresAt: state.expiresAt?.toISOString() ?? null },
      { id: eventId ?? `premium-${announcementKey(userId)}-${version}` },
    );
    return state;
  }
}

const announcementKey = (userId: string) => createHash('sha256').update(userId).digest('hex').slice(0, 40);
