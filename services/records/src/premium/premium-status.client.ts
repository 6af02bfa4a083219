import { Inject, Injectable } from '@nestjs/common';
import { BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** Whether a user is premium: billing decides, records asks. */
@Injectable()
export class PremiumStatusClient {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  /** `settled`: after a change billing is recording for the user has committed (for its announcement's consumers). */
  async isPremium(userId: string, { settled = false } = {}): Promise<boolean> {
    const status = await this.services.send(BillingApi.premiumStatus, { userId, settled });
    return status.isPremium;
  }
}
