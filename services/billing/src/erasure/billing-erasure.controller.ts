import { Controller } from '@nestjs/common';
import { type Erased, BillingApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { PaymentProvider } from '../provider/payment-provider.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

/** A subscription the provider will not bill again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Erasure (privacy's saga): at the provider, each subscription and the customer lose the person's id, email and name,
 * and every subscription still running is cancelled now (no further charge); then billing forgets the person and
 * keeps only a hash, so the cancellation's own webhook stores nothing again. Idempotent; a provider that does not
 * answer fails the step, which the saga retries.
 */
@Controller()
export class BillingErasureController {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly provider: PaymentProvider,
  ) {}

  @Handles(BillingApi.eraseUser)
  async erase({ userId }: MessagePayload<typeof BillingApi.eraseUser>): Promise<Erased> {
    const rows = await this.repository.listForUser(userId);
    for (const row of rows) {
      const current = await this.provider.retrieveSubscription(row.stripeSubscriptionId);
      if (!current) continue;
      // The provider forgets whose it was, so its later events lead nowhere, then it stops billing.
      await this.provider.call('subscriptions.update (erasure)', (stripe) =>
        stripe.subscriptions.update(row.stripeSubscriptionId, { metadata: { userId: '' } }),
      );
      if (ENDED.has(current.status)) continue;
      await this.provider.call('subscriptions.cancel (erasure)', (stripe) =>
        stripe.subscriptions.cancel(row.stripeSubscriptionId, undefined, {
          idempotencyKey: `erase-${row.stripeSubscriptionId}`,
        }),
      );
    }
    const customerId = await this.repository.customerIdOf(userId);
    if (customerId) {
      await this.provider.call('customers.update (erasure)', (stripe) =>
        stripe.customers.update(customerId, { email: '', name: '', metadata: { userId: '' } }),
      );
    }
    await this.repository.withUserLock(userId, (tx) => this.repository.erase(tx, userId));
    return { erased: true };
  }
}
