import type { SubscriptionRow } from '../database/schema.js';
import {
  currentSubscription,
  givesPremium,
  premiumStateOf,
  samePremiumState,
  toPremiumStatus,
  toSubscriptionDetails,
} from './premium-rule.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 3600_000;

function row(changes: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    stripeSubscriptionId: 'sub_1',
    userId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    stripeCustomerId: 'cus_1',
    status: 'active',
    currentPeriodStart: new Date(NOW.getTime() - 10 * DAY),
    currentPeriodEnd: new Date(NOW.getTime() + 20 * DAY),
    cancelAtPeriodEnd: false,
    startedAt: new Date(NOW.getTime() - 40 * DAY),
    endedAt: null,
    priceId: 'price_1',
    priceCents: 999,
    currency: 'usd',
    interval: 'month',
    createdAt: new Date(NOW.getTime() - 40 * DAY),
    updatedAt: NOW,
    ...changes,
  };
}

describe('the premium rule', () => {
  it('counts active, trialing and past-due subscriptions as paid, and no other status', () => {
    const statuses = [
      'active',
      'trialing',
      'past_due',
      'incomplete',
      'incomplete_expired',
      'canceled',
      'unpaid',
      'paused',
    ];
    const premium = statuses.filter((status) => givesPremium(row({ status }), NOW));
    expect(premium).toEqual(['active', 'trialing', 'past_due']);
  });

  it('keeps a subscription set to end premium until its period ends, and not a moment after', () => {
    const end = new Date(NOW.getTime() + 1000);
    const canceling = row({ cancelAtPeriodEnd: true, currentPeriodEnd: end });
    expect(givesPremium(canceling, NOW)).toBe(true);
    expect(givesPremium(canceling, new Date(end.getTime() - 1))).toBe(true);
    expect(givesPremium(canceling, end)).toBe(false);
  });

  it('keeps a renewing subscription premium past its period end: the renewal is on its way', () => {
    expect(givesPremium(row({ currentPeriodEnd: new Date(NOW.getTime() - DAY) }), NOW)).toBe(true);
  });

  it('answers the period end as expiresAt, the latest when several subscriptions give premium', () => {
    const later = new Date(NOW.getTime() + 25 * DAY);
    const state = premiumStateOf([row(), row({ stripeSubscriptionId: 'sub_2', currentPeriodEnd: later })], NOW);
    expect(state).toEqual({ isPremium: true, expiresAt: later, cancelAtPeriodEnd: false });
    expect(toPremiumStatus(state)).toEqual({ isPremium: true, expiresAt: later.toISOString() });
  });

  it('says premium ends only when every subscription that gives it is set to end', () => {
    const canceling = row({ cancelAtPeriodEnd: true });
    expect(premiumStateOf([canceling], NOW).cancelAtPeriodEnd).toBe(true);
    expect(premiumStateOf([canceling, row({ stripeSubscriptionId: 'sub_2' })], NOW).cancelAtPeriodEnd).toBe(false);
  });

  it('answers not premium, with no expiry, for no subscription or only unpaid ones', () => {
    expect(toPremiumStatus(premiumStateOf([], NOW))).toEqual({ isPremium: false, expiresAt: null });
    expect(toPremiumStatus(premiumStateOf([row({ status: 'incomplete' })], NOW))).toEqual({
      isPremium: false,
      expiresAt: null,
    });
  });

  it('compares states by value, dates by instant', () => {
    const a = premiumStateOf([row()], NOW);
    const b = { ...a, expiresAt: new Date(a.expiresAt!.getTime()) };
    expect(samePremiumState(a, b)).toBe(true);
    expect(samePremiumState(a, { ...b, cancelAtPeriodEnd: true })).toBe(false);
    expect(samePremiumState(a, { ...b, expiresAt: new Date(a.expiresAt!.getTime() + 1) })).toBe(false);
  });
});

describe('the subscription My Account shows', () => {
  it('is the newest that gives premium now', () => {
    const older = row({ stripeSubscriptionId: 'sub_old', createdAt: new Date(NOW.getTime() - 90 * DAY) });
    const newer = row({ stripeSubscriptionId: 'sub_new' });
    const unpaid = row({ stripeSubscriptionId: 'sub_unpaid', status: 'incomplete', createdAt: NOW });
    expect(currentSubscription([older, unpaid, newer], NOW)?.stripeSubscriptionId).toBe('sub_new');
    expect(currentSubscription([unpaid], NOW)).toBeUndefined();
  });

  it('reads as active or canceling, with its dates and the price it is billed at', () => {
    expect(toSubscriptionDetails(row())).toEqual({
      status: 'active',
      startedAt: row().startedAt.toISOString(),
      currentPeriodStart: row().currentPeriodStart.toISOString(),
      currentPeriodEnd: row().currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: false,
      priceCents: 999,
      currency: 'usd',
      interval: 'month',
    });
    expect(toSubscriptionDetails(row({ cancelAtPeriodEnd: true }))).toMatchObject({
      status: 'canceling',
      cancelAtPeriodEnd: true,
    });
  });
});
