import { Controller } from '@nestjs/common';
import { type BillingExport, BillingApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

/** What billing holds about a person, for their own export; only the privacy service asks. */
@Controller()
export class BillingExportController {
  constructor(private readonly repository: SubscriptionsRepository) {}

  @Handles(BillingApi.exportUser)
  async exportUser({ userId }: MessagePayload<typeof BillingApi.exportUser>): Promise<BillingExport> {
    const [customerId, subscriptions] = await Promise.all([
      this.repository.customerIdOf(userId),
      this.repository.listForUser(userId),
    ]);
    return {
      stripeCustomerId: customerId ?? null,
      subscriptions: subscriptions.map((row) => ({
        stripeSubscriptionId: row.stripeSubscriptionId,
        status: row.status,
        startedAt: row.startedAt.toISOString(),
        currentPeriodStart: row.currentPeriodStart.toISOString(),
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        endedAt: row.endedAt?.toISOString() ?? null,
        priceCents: row.priceCents,
        currency: row.currency,
        interval: row.interval,
      })),
    };
  }
}
