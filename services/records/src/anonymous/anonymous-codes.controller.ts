import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  claimAnonymousRequestSchema,
  type ClaimAnonymousRequest,
  type ConfirmCodeEmailBody,
  confirmCodeEmailBodySchema,
  createAnonymousRecordRequestSchema,
  RecordsPatterns,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { AnonymousCodesService } from './anonymous-codes.service.js';

/** Anonymous codes over NATS: making one, proving its email, and its claim by the account of that email. */
@Controller()
export class AnonymousCodesController {
  constructor(private readonly codes: AnonymousCodesService) {}

  @MessagePattern(RecordsPatterns.createAnonymous)
  create(
    @Payload(new ZodPayload(createAnonymousRecordRequestSchema))
    { form, appUrl }: z.infer<typeof createAnonymousRecordRequestSchema>,
  ) {
    return this.codes.create(form, appUrl);
  }

  @MessagePattern(RecordsPatterns.confirmAnonymousEmail)
  confirmEmail(@Payload(new ZodPayload(confirmCodeEmailBodySchema)) { token }: ConfirmCodeEmailBody) {
    return this.codes.confirmEmail(token);
  }

  @MessagePattern(RecordsPatterns.claimAnonymous)
  claim(@Payload(new ZodPayload(claimAnonymousRequestSchema)) { userId, email }: ClaimAnonymousRequest) {
    return this.codes.claim(userId, email);
  }
}
