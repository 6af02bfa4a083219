import { z } from 'zod';

/** Request/reply patterns the billing service answers. */
export const BillingPatterns = {
  premiumStatus: 'billing.premium.status',
} as const;

export const premiumStatusRequestSchema = z.strictObject({ userId: z.uuid() });

export interface PremiumStatus {
  isPremium: boolean;
  /** End of the paid period; null when not premium. */
  expiresAt: string | null;
}
