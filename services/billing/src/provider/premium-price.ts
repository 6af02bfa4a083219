import { Injectable } from '@nestjs/common';
import {
  PREMIUM_CURRENCY,
  PREMIUM_INTERVAL,
  PREMIUM_PRICE_CENTS,
  PREMIUM_PRICE_LOOKUP_KEY,
} from '@medical-qr/contracts';
import { PaymentProvider } from './payment-provider.js';

export const PREMIUM_PRODUCT_NAME = 'Medical QR Premium';

/**
 * The provider's price of premium ($9.99 a month), found by its lookup key, or made once (product
 * and price in one call) when the account has none yet. Kept for the life of the process.
 */
@Injectable()
export class PremiumPrice {
  private priceId?: Promise<string>;

  constructor(private readonly provider: PaymentProvider) {}

  id(): Promise<string> {
    this.priceId ??= this.findOrCreate().catch((error: unknown) => {
      this.priceId = undefined;
      throw error;
    });
    return this.priceId;
  }

  private findOrCreate(): Promise<string> {
    return this.provider.call('premium price', async (stripe) => {
      const found = await stripe.prices.list({ lookup_keys: [PREMIUM_PRICE_LOOKUP_KEY], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const created = await stripe.prices.create(
        {
          currency: PREMIUM_CURRENCY,
          unit_amount: PREMIUM_PRICE_CENTS,
          recurring: { interval: PREMIUM_INTERVAL },
          lookup_key: PREMIUM_PRICE_LOOKUP_KEY,
          product_data: { name: PREMIUM_PRODUCT_NAME },
        },
        // Two replicas starting at once make one price.
        { idempotencyKey: `price-create-${PREMIUM_PRICE_LOOKUP_KEY}` },
      );
      return created.id;
    });
  }
}
