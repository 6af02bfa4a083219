import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RecordsPatterns, recordsConsentRequestSchema, type RecordsConsentRequest } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { ConsentRepository } from './consent.repository.js';

/** Privacy's word on whether a person's records may be shown on their cards and printed tags. */
@Controller()
export class ConsentController {
  constructor(private readonly consent: ConsentRepository) {}

  @MessagePattern(RecordsPatterns.setConsent)
  async set(@Payload(new ZodPayload(recordsConsentRequestSchema)) { userId, given }: RecordsConsentRequest) {
    await this.consent.set(userId, given);
    return { userId, given };
  }
}
