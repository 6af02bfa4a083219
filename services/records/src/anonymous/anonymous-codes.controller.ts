import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { AnonymousCodesService } from './anonymous-codes.service.js';

/** Anonymous codes over NATS: making one, proving its email, and its claim by the account of that email. */
@Controller()
export class AnonymousCodesController {
  constructor(private readonly codes: AnonymousCodesService) {}

  @Handles(RecordsApi.createAnonymous)
  create({ form, appUrl }: MessagePayload<typeof RecordsApi.createAnonymous>) {
    return this.codes.create(form, appUrl);
  }

  @Handles(RecordsApi.confirmAnonymousEmail)
  confirmEmail({ token }: MessagePayload<typeof RecordsApi.confirmAnonymousEmail>) {
    return this.codes.confirmEmail(token);
  }

  @Handles(RecordsApi.claimAnonymous)
  claim({ userId, email }: MessagePayload<typeof RecordsApi.claimAnonymous>) {
    return this.codes.claim(userId, email);
  }
}
