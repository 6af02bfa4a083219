import { boolean, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

export const customers = billingSchema.table('customers', {
  userId: uuid('user_id').primaryKey(),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = billingSchema.table('subscriptions', {
  stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  stripeCustomerId: text('stripe_customer_id').notNull(),
  /** The provider's status: active, trialing, past_due, incomplete, canceled, ... */
  status: text('status').notNull(),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  priceId: text('price_id'),
  priceCents: integer('price_cents'),
  currency: text('currency'),
  interval: text('billing_interval'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = Omit<typeof subscriptions.$inferInsert, 'updatedAt'>;

export const premiumAnnouncements = billingSchema.table('premium_announcements', {
  userId: uuid('user_id').primaryKey(),
  isPremium: boolean('is_premium').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
  version: integer('version').notNull(),
  announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PremiumAnnouncementRow = typeof premiumAnnouncements.$inferSelect;

/** People whose billing data was erased, by a hash of their id: later provider events for them are ignored. */
export const erasedUsers = billingSchema.table('erased_users', {
  userHash: text('user_hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
