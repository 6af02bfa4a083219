import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingPatterns, premiumStatusRequestSchema, type PremiumStatus } from '@medical-qr/contracts';
import { parseOrThrow } from '@medical-qr/platform';

/**
 * Answers whether a user is premium. Billing holds no subscriptions yet (they arrive with the
 * Stripe integration), so nobody is premium; callers already ask here, so nothing else changes then.
 */
@Controller()
export class PremiumStatusController {
  @MessagePattern(BillingPatterns.premiumStatus)
  status(@Payload() payload: unknown): PremiumStatus {
    parseOrThrow(premiumStatusRequestSchema, payload);
    return { isPremium: false, expiresAt: null };
  }
}
