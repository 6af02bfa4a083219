import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { ConsentRepository } from './consent.repository.js';

/** Privacy's word on whether a person's records may be shown on their cards and printed tags. */
@Controller()
export class ConsentController {
  constructor(private readonly consent: ConsentRepository) {}

  @Handles(RecordsApi.setConsent)
  async set({ userId, given }: MessagePayload<typeof RecordsApi.setConsent>) {
    await this.consent.set(userId, given);
    return { userId, given };
  }
}
