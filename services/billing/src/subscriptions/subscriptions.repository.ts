import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DATABASE, type Database, type DatabaseHandle } from '@medical-qr/platform';
import {
  customers,
  erasedUsers,
  premiumAnnouncements,
  subscriptions,
  type NewSubscriptionRow,
  type PremiumAnnouncementRow,
  type SubscriptionRow,
} from '../database/schema.js';
import { PAID_STATUSES, type PremiumState } from './premium-rule.js';

/** The database, or a transaction in progress. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Customers, subscriptions and the premium last announced, in billing's schema. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Runs `work` in a transaction holding the user's lock: everything that asks the provider about
   * a user and records the answer (subscribe, cancel, resume, activate, webhooks) runs one at a time
   * per user, so an older answer never overwrites a newer one and a change is announced once.
   */
  withUserLock<T>(userId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.database.db.transaction(async (tx) => {
      await this.lockUser(tx, userId);
      return work(tx);
    });
  }

  /** Waits for whoever holds the user's lock to commit, and runs `work` while nobody can take it. */
  withUserLockShared<T>(userId: string, work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${userLockKey(userId)})`);
      return work(tx);
    });
  }

  /** Takes the user's lock inside a transaction someone else opened (the processed-events one). */
  async lockUser(tx: Executor, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${userLockKey(userId)})`);
  }

  async findCustomerId(executor: Executor, userId: string): Promise<string | undefined> {
    const [row] = await executor.select().from(customers).where(eq(customers.userId, userId));
    return row?.stripeCustomerId;
  }

  /** Forgets everything billing holds about the user, and remembers only that they were erased (a hash). */
  async erase(tx: Executor, userId: string): Promise<void> {
    await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await tx.delete(customers).where(eq(customers.userId, userId));
    await tx.delete(premiumAnnouncements).where(eq(premiumAnnouncements.userId, userId));
    await tx
      .insert(erasedUsers)
      .values({ userHash: erasedUserHash(userId) })
      .onConflictDoNothing();
  }

  async wasErased(executor: Executor, userId: string): Promise<boolean> {
    const rows = await executor
      .select({ userHash: erasedUsers.userHash })
      .from(erasedUsers)
      .where(eq(erasedUsers.userHash, erasedUserHash(userId)));
    return rows.length > 0;
  }

  /** The user's customer id at the provider, outside any transaction (a person's export). */
  customerIdOf(userId: string): Promise<string | undefined> {
    return this.findCustomerId(this.database.db, userId);
  }

  async findUserIdByCustomer(customerId: string): Promise<string | undefined> {
    const [row] = await this.database.db.select().from(customers).where(eq(customers.stripeCustomerId, customerId));
    return row?.userId;
  }

  async insertCustomer(executor: Executor, userId: string, stripeCustomerId: string): Promise<void> {
    await executor.insert(customers).values({ userId, stripeCustomerId }).onConflictDoNothing();
  }

  /** Every subscription of the user, newest first. */
  listForUser(userId: string, executor: Executor = this.database.db): Promise<SubscriptionRow[]> {
    return executor
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.stripeSubscriptionId));
  }

  /** Only the subscriptions that may give premium: what the premium status needs (one indexed read). */
  listPaidForUser(userId: string, executor: Executor = this.database.db): Promise<SubscriptionRow[]> {
    return executor
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PAID_STATUSES])));
  }

  async upsertSubscription(executor: Executor, row: NewSubscriptionRow): Promise<SubscriptionRow> {
    const { stripeSubscriptionId: _id, userId: _user, createdAt: _created, ...changing } = row;
    const [stored] = await executor
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: { ...changing, updatedAt: sql`now()` } })
      .returning();
    return stored!;
  }

  async findAnnouncement(executor: Executor, userId: string): Promise<PremiumAnnouncementRow | undefined> {
    const [row] = await executor.select().from(premiumAnnouncements).where(eq(premiumAnnouncements.userId, userId));
    return row;
  }

  async saveAnnouncement(executor: Executor, userId: string, state: PremiumState, version: number): Promise<void> {
    const values = {
      isPremium: state.isPremium,
      expiresAt: state.expiresAt,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      version,
      announcedAt: sql`now()`,
    };
    await executor
      .insert(premiumAnnouncements)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: premiumAnnouncements.userId, set: values });
  }

  /**
   * Users announced as premium until a time that has come, with every subscription set to end: their
   * premium ended by the clock, whether or not the provider has said so yet. (A renewing subscription
   * past its period's end is still premium: its renewal is on its way.)
   */
  async findPremiumPastItsEnd(now: Date, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ userId: premiumAnnouncements.userId })
      .from(premiumAnnouncements)
      .where(
        and(
          eq(premiumAnnouncements.isPremium, true),
          eq(premiumAnnouncements.cancelAtPeriodEnd, true),
          lte(premiumAnnouncements.expiresAt, now),
        ),
      )
      .orderBy(asc(premiumAnnouncements.expiresAt))
      .limit(limit);
    return rows.map((row) => row.userId);
  }
}

/** The user's lock, a transaction-scoped advisory lock. */
const userLockKey = (userId: string) => sql`hashtextextended(${`billing-user:${userId}`}, 0)`;

const erasedUserHash = (userId: string) => createHash('sha256').update(`erased-billing-user:${userId}`).digest('hex');
