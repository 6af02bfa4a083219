import { Controller } from '@nestjs/common';
import { BillingApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { SubscriptionsService } from './subscriptions.service.js';

/** Billing's NATS interface for premium and subscriptions; every payload is validated here, whoever sent it. */
@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Handles(BillingApi.premiumStatus)
  premiumStatus({ userId, settled }: MessagePayload<typeof BillingApi.premiumStatus>) {
    return this.subscriptions.premiumStatus(userId, settled);
  }

  @Handles(BillingApi.subscriptionDetails)
  details({ userId }: MessagePayload<typeof BillingApi.subscriptionDetails>) {
    return this.subscriptions.details(userId);
  }

  @Handles(BillingApi.createSubscription)
  create(request: MessagePayload<typeof BillingApi.createSubscription>) {
    return this.subscriptions.create(request);
  }

  @Handles(BillingApi.activatePremium)
  activate({ userId }: MessagePayload<typeof BillingApi.activatePremium>) {
    return this.subscriptions.activate(userId);
  }

  @Handles(BillingApi.cancelSubscription)
  cancel({ userId }: MessagePayload<typeof BillingApi.cancelSubscription>) {
    return this.subscriptions.cancel(userId);
  }

  @Handles(BillingApi.resumeSubscription)
  resume({ userId }: MessagePayload<typeof BillingApi.resumeSubscription>) {
    return this.subscriptions.resume(userId);
  }
}
