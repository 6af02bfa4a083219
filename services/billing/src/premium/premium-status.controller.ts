import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingPatterns, premiumStatusRequestSchema, type PremiumStatus } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';

/**
 * Answers whether a user is premium. Billing holds no subscriptions yet (they arrive with the
 * Stripe integration), so nobody is premium; callers already ask here, so nothing else changes then.
 */
@Controller()
export class PremiumStatusController {
  @MessagePattern(BillingPatterns.premiumStatus)
  status(@Payload(new ZodPayload(premiumStatusRequestSchema)) _request: unknown): PremiumStatus {
    return { isPremium: false, expiresAt: null };
  }
}
