import { Injectable } from '@nestjs/common';
import {
  BillingMessages,
  ErrorCodes,
  type CancelSubscriptionResponse,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type PremiumStatus,
  type SubscriptionDetails,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { SubscriptionRow } from '../database/schema.js';
import { PaymentProvider } from '../provider/payment-provider.js';
import { PremiumPrice } from '../provider/premium-price.js';
import { PremiumAnnouncer } from './premium-announcer.js';
import { currentSubscription, premiumStateOf, toPremiumStatus, toSubscriptionDetails } from './premium-rule.js';
import { clientSecretOf } from './subscription-row.js';
import { SubscriptionsRepository, type Executor } from './subscriptions.repository.js';

/** Statuses of a subscription that was never paid for: it never gave premium, so it never "ended". */
const NEVER_PAID = ['incomplete', 'incomplete_expired'];

/**
 * Premium subscriptions: status and details from billing's own records, and every change made at
 * the provider (subscribe, cancel, resume) and recorded from its answer, with idempotency keys so
 * a retried request changes nothing twice.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly provider: PaymentProvider,
    private readonly price: PremiumPrice,
    private readonly announcer: PremiumAnnouncer,
  ) {}

  /**
   * From the database alone: the gateway asks on every page load. Settled: after any change being recorded for the
   * user under their lock has committed (what a consumer of its announcement needs).
   */
  async premiumStatus(userId: string, settled = false): Promise<PremiumStatus> {
    const paid = settled
      ? await this.repository.withUserLockShared(userId, (tx) => this.repository.listPaidForUser(userId, tx))
      : await this.repository.listPaidForUser(userId);
    return toPremiumStatus(premiumStateOf(paid, new Date()));
  }

  async details(userId: string): Promise<SubscriptionDetails> {
    const current = currentSubscription(await this.repository.listForUser(userId), new Date());
    if (!current) throw AppError.notFound(BillingMessages.noSubscription);
    return toSubscriptionDetails(current);
  }

  /**
   * Starts a subscription whose first invoice the card form pays with the answered client secret.
   * Already premium: nothing to pay. A subscription still waiting for its first payment is offered
   * again rather than a second one made.
   */
  create({ userId, email, name }: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
    return this.repository.withUserLock(userId, async (tx) => {
      const subscriptions = await this.repository.listForUser(userId, tx);
      if (premiumStateOf(subscriptions, new Date()).isPremium) return alreadyPremium();
      const customerId = await this.customerFor(tx, userId, email, name);
      const pending = await this.pendingPayment(tx, userId, subscriptions);
      if (pending) return pending;
      const priceId = await this.price.id();
      const subscription = await this.provider.call('subscriptions.create', (stripe) =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { userId },
          },
          // The n-th subscription of this user: a retry of this attempt (its answer lost) gets the same one.
          { idempotencyKey: `subscription-create-${userId}-${subscriptions.length}` },
        ),
      );
      await this.announcer.store(tx, userId, subscription);
      const state = await this.announcer.announce(tx, userId);
      if (state.isPremium) return alreadyPremium();
      return { requiresPayment: true, status: subscription.status, clientSecret: clientSecretOf(subscription) };
    });
  }

  /**
   * Asks the provider (never the browser) about the user's latest subscription after a payment,
   * records its answer and says whether the user is premium now.
   */
  activate(userId: string): Promise<PremiumStatus> {
    return this.repository.withUserLock(userId, async (tx) => {
      const [latest] = await this.repository.listForUser(userId, tx);
      if (latest) {
        const subscription = await this.provider.retrieveSubscription(latest.stripeSubscriptionId);
        if (subscription) await this.announcer.store(tx, userId, subscription);
      }
      return toPremiumStatus(await this.announcer.announce(tx, userId));
    });
  }

  /** Premium stays until the period's end; the subscription then ends instead of renewing. */
  cancel(userId: string): Promise<CancelSubscriptionResponse> {
    return this.repository.withUserLock(userId, async (tx) => {
      const current = await this.current(tx, userId);
      if (current.cancelAtPeriodEnd) throw new AppError(ErrorCodes.CONFLICT, BillingMessages.alreadyCanceling);
      const stored = await this.setCancelAtPeriodEnd(tx, current, true);
      return { cancelAt: stored.currentPeriodEnd.toISOString(), subscription: toSubscriptionDetails(stored) };
    });
  }

  /** A subscription set to end renews again. */
  resume(userId: string): Promise<SubscriptionDetails> {
    return this.repository.withUserLock(userId, async (tx) => {
      const current = await this.current(tx, userId);
      if (!current.cancelAtPeriodEnd) throw new AppError(ErrorCodes.CONFLICT, BillingMessages.nothingToResume);
      return toSubscriptionDetails(await this.setCancelAtPeriodEnd(tx, current, false));
    });
  }

  /** The subscription that gives premium now; refusals say whether there never was one or it has ended. */
  private async current(tx: Executor, userId: string): Promise<SubscriptionRow> {
    const subscriptions = await this.repository.listForUser(userId, tx);
    const current = currentSubscription(subscriptions, new Date());
    if (current) return current;
    if (subscriptions.some((subscription) => !NEVER_PAID.includes(subscription.status))) {
      throw new AppError(ErrorCodes.CONFLICT, BillingMessages.subscriptionEnded);
    }
    throw AppError.notFound(BillingMessages.noSubscription);
  }

  private async setCancelAtPeriodEnd(tx: Executor, current: SubscriptionRow, cancel: boolean) {
    const id = current.stripeSubscriptionId;
    const action = cancel ? 'cancel' : 'resume';
    const subscription = await this.provider.call(`subscriptions.update (${action})`, (stripe) =>
      stripe.subscriptions.update(
        id,
        { cancel_at_period_end: cancel },
        // The row's last change names this attempt: a retry repeats it, a later cancel is a new one.
        { idempotencyKey: `subscription-${action}-${id}-${current.updatedAt.getTime()}` },
      ),
    );
    const stored = await this.announcer.store(tx, current.userId, subscription);
    await this.announcer.announce(tx, current.userId);
    return stored;
  }

  /** The user's customer at the provider, made on the first subscribe. */
  private async customerFor(tx: Executor, userId: string, email: string, name: string): Promise<string> {
    const known = await this.repository.findCustomerId(tx, userId);
    if (known) return known;
    const customer = await this.provider.call('customers.create', (stripe) =>
      stripe.customers.create(
        { email, ...(name.trim() && { name: name.trim() }), metadata: { userId } },
        { idempotencyKey: `customer-create-${userId}` },
      ),
    );
    await this.repository.insertCustomer(tx, userId, customer.id);
    return customer.id;
  }

  /**
   * The user's newest subscription still waiting for its first payment, when its invoice can still
   * be paid: the card form gets its client secret again. Paid meanwhile: nothing more to pay.
   */
  private async pendingPayment(
    tx: Executor,
    userId: string,
    subscriptions: SubscriptionRow[],
  ): Promise<CreateSubscriptionResponse | undefined> {
    const incomplete = subscriptions.find((subscription) => subscription.status === 'incomplete');
    if (!incomplete) return undefined;
    const subscription = await this.provider.retrieveSubscription(incomplete.stripeSubscriptionId, [
      'latest_invoice.confirmation_secret',
    ]);
    if (!subscription) return undefined;
    await this.announcer.store(tx, userId, subscription);
    if ((await this.announcer.announce(tx, userId)).isPremium) return alreadyPremium();
    const invoice = subscription.latest_invoice;
    const clientSecret = clientSecretOf(subscription);
    const payable = subscription.status === 'incomplete' && typeof invoice === 'object' && invoice?.status === 'open';
    return payable && clientSecret ? { requiresPayment: true, status: subscription.status, clientSecret } : undefined;
  }
}

function alreadyPremium(): CreateSubscriptionResponse {
  return { requiresPayment: false, status: 'active', clientSecret: null };
}
