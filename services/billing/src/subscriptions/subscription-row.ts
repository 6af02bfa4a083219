import type Stripe from 'stripe';
import type { NewSubscriptionRow } from '../database/schema.js';

const at = (seconds: number) => new Date(seconds * 1000);

/** The id of an expandable field, whether the provider sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The row we keep of a provider subscription. In this API version the period dates live on the
 * subscription's items (premium has one), not on the subscription.
 */
export function subscriptionRowFrom(subscription: Stripe.Subscription, userId: string): NewSubscriptionRow {
  const item = subscription.items.data[0];
  const price = item?.price;
  return {
    stripeSubscriptionId: subscription.id,
    userId,
    stripeCustomerId: idOf(subscription.customer)!,
    status: subscription.status,
    currentPeriodStart: at(item?.current_period_start ?? subscription.start_date),
    currentPeriodEnd: at(item?.current_period_end ?? subscription.start_date),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    startedAt: at(subscription.start_date),
    endedAt: subscription.ended_at == null ? null : at(subscription.ended_at),
    priceId: price?.id ?? null,
    priceCents: price?.unit_amount ?? null,
    currency: price?.currency ?? null,
    interval: price?.recurring?.interval ?? null,
    createdAt: at(subscription.created),
  };
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a subscription was made for, from the metadata we put on it (when it holds a well-formed id). */
export function userIdFromMetadata(subscription: Pick<Stripe.Subscription, 'metadata'>): string | null {
  const userId = subscription.metadata?.userId;
  return userId && USER_ID.test(userId) ? userId.toLowerCase() : null;
}

/** The secret the card form confirms the first invoice's payment with (expanded latest_invoice.confirmation_secret). */
export function clientSecretOf(subscription: Pick<Stripe.Subscription, 'latest_invoice'>): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}
