import { IdentityApi, BillingApi } from '@medical-qr/contracts';
import type { ServiceClient } from '@medical-qr/platform';

/** The customer name billing gives the provider (it shows on receipts) is bounded like the contract's. */
const BUYER_NAME_MAX = 200;

export interface Buyer {
  userId: string;
  email: string;
  name: string;
  isPremium: boolean;
}

/*
 * Who is buying, asked fresh where money depends on it: identity for the email and name on the
 * order, billing (the one source of premium) for the 5% discount. Either not answering is a 503,
 * never a price computed on a guess.
 */

/** Whether the buyer is premium, as billing says now. */
export async function buyerIsPremium(services: ServiceClient, userId: string): Promise<boolean> {
  const status = await services.send(BillingApi.premiumStatus, { userId });
  return status.isPremium;
}

/** The buyer's email, name and plan. */
export async function buyerOf(services: ServiceClient, userId: string): Promise<Buyer> {
  const [user, isPremium] = await Promise.all([
    services.send(IdentityApi.getUser, { userId }),
    buyerIsPremium(services, userId),
  ]);
  return {
    userId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim().slice(0, BUYER_NAME_MAX),
    isPremium,
  };
}
