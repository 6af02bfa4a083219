import { Inject, Injectable } from '@nestjs/common';
import { BillingPatterns, type PremiumStatus } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** Whether a user is premium: billing decides, records asks. */
@Injectable()
export class PremiumStatusClient {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  async isPremium(userId: string): Promise<boolean> {
    const status = await this.services.request<PremiumStatus>(BillingPatterns.premiumStatus, { userId });
    return status.isPremium;
  }
}
