import { Inject, Injectable } from '@nestjs/common';
import { RecordsApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** What privacy tells the records service: whether the person's records may be shown. */
@Injectable()
export class RecordsClient {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  async setConsent(userId: string, given: boolean): Promise<void> {
    await this.services.send(RecordsApi.setConsent, { userId, given });
  }
}
