import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  billingUserRequestSchema,
  createSubscriptionRequestSchema,
  premiumStatusRequestSchema,
  type BillingUserRequest,
  type CreateSubscriptionRequest,
  type PremiumStatusRequest,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { SubscriptionsService } from './subscriptions.service.js';

/** Billing's NATS interface for premium and subscriptions; every payload is validated here, whoever sent it. */
@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @MessagePattern(BillingPatterns.premiumStatus)
  premiumStatus(@Payload(new ZodPayload(premiumStatusRequestSchema)) { userId, settled }: PremiumStatusRequest) {
    return this.subscriptions.premiumStatus(userId, settled);
  }

  @MessagePattern(BillingPatterns.subscriptionDetails)
  details(@Payload(new ZodPayload(billingUserRequestSchema)) { userId }: BillingUserRequest) {
    return this.subscriptions.details(userId);
  }

  @MessagePattern(BillingPatterns.createSubscription)
  create(@Payload(new ZodPayload(createSubscriptionRequestSchema)) request: CreateSubscriptionRequest) {
    return this.subscriptions.create(request);
  }

  @MessagePattern(BillingPatterns.activatePremium)
  activate(@Payload(new ZodPayload(billingUserRequestSchema)) { userId }: BillingUserRequest) {
    return this.subscriptions.activate(userId);
  }

  @MessagePattern(BillingPatterns.cancelSubscription)
  cancel(@Payload(new ZodPayload(billingUserRequestSchema)) { userId }: BillingUserRequest) {
    return this.subscriptions.cancel(userId);
  }

  @MessagePattern(BillingPatterns.resumeSubscription)
  resume(@Payload(new ZodPayload(billingUserRequestSchema)) { userId }: BillingUserRequest) {
    return this.subscriptions.resume(userId);
  }
}
