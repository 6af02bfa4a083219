import {
  PREMIUM_CURRENCY,
  PREMIUM_INTERVAL,
  PREMIUM_PRICE_CENTS,
  type PremiumStatus,
  type SubscriptionDetails,
} from '@medical-qr/contracts';
import type { SubscriptionRow } from '../database/schema.js';

/** The provider's statuses in which a subscription is paid for (past_due: a renewal is being retried). */
export const PAID_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** The parts of a stored subscription the premium rule reads. */
export type PremiumFacts = Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>;

/**
 * A subscription gives premium while the provider counts it as paid and, once it is set to end,
 * until its period's end: an ended period counts even before the provider says so.
 */
export function givesPremium(subscription: PremiumFacts, now: Date): boolean {
  if (!(PAID_STATUSES as readonly string[]).includes(subscription.status)) return false;
  return !subscription.cancelAtPeriodEnd || now < subscription.currentPeriodEnd;
}

/** A user's premium as the other services hear of it. */
export interface PremiumState {
  isPremium: boolean;
  /** The end of the paid period (the latest, should there be several); null when not premium. */
  expiresAt: Date | null;
  /** Premium ends at expiresAt: every subscription that gives it is set to end. */
  cancelAtPeriodEnd: boolean;
}

export const NOT_PREMIUM: PremiumState = { isPremium: false, expiresAt: null, cancelAtPeriodEnd: false };

export function premiumStateOf(subscriptions: readonly PremiumFacts[], now: Date): PremiumState {
  const giving = subscriptions.filter((subscription) => givesPremium(subscription, now));
  if (!giving.length) return NOT_PREMIUM;
  const expiresAt = new Date(Math.max(...giving.map((subscription) => subscription.currentPeriodEnd.getTime())));
  return {
    isPremium: true,
    expiresAt,
    cancelAtPeriodEnd: giving.every((subscription) => subscription.cancelAtPeriodEnd),
  };
}

export function samePremiumState(a: PremiumState, b: PremiumState): boolean {
  return (
    a.isPremium === b.isPremium &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    (a.expiresAt?.getTime() ?? null) === (b.expiresAt?.getTime() ?? null)
  );
}

export function toPremiumStatus(state: PremiumState): PremiumStatus {
  return { isPremium: state.isPremium, expiresAt: state.expiresAt?.toISOString() ?? null };
}

/** The subscription My Account shows: the newest one that gives premium now. */
export function currentSubscription<S extends PremiumFacts & Pick<SubscriptionRow, 'createdAt'>>(
  subscriptions: readonly S[],
  now: Date,
): S | undefined {
  return subscriptions
    .filter((subscription) => givesPremium(subscription, now))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

export function toSubscriptionDetails(subscription: SubscriptionRow): SubscriptionDetails {
  return {
    status: subscription.cancelAtPeriodEnd ? 'canceling' : 'active',
    startedAt: subscription.startedAt.toISOString(),
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    // The provider's price when it told us one; else the one premium is sold at.
    priceCents: subscription.priceCents ?? PREMIUM_PRICE_CENTS,
    currency: subscription.currency ?? PREMIUM_CURRENCY,
    interval: subscription.interval ?? PREMIUM_INTERVAL,
  };
}
