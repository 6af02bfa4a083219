import { Inject, Injectable } from '@nestjs/common';
import { IdentityApi, BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** The customer name billing gives the provider (it shows on receipts) is bounded like the contract's. */
const BUYER_NAME_MAX = 200;

export interface Buyer {
  userId: string;
  email: string;
  name: string;
  isPremium: boolean;
}

/**
 * Who is buying, asked fresh where money depends on it: identity for the email and name on the
 * order, billing (the one source of premium) for the 5% discount. Either not answering is a 503,
 * never a price computed on a guess.
 */
@Injectable()
export class BuyerReader {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  async isPremium(userId: string): Promise<boolean> {
    const status = await this.services.send(BillingApi.premiumStatus, { userId });
    return status.isPremium;
  }

  async buyer(userId: string): Promise<Buyer> {
    const [user, isPremium] = await Promise.all([
      this.services.send(IdentityApi.getUser, { userId }),
      this.isPremium(userId),
    ]);
    return {
      userId,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim().slice(0, BUYER_NAME_MAX),
      isPremium,
    };
  }
}
