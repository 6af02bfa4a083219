import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { SmsInboundService } from './sms-inbound.service.js';
import { SmsOutboxRepository } from './sms-outbox.repository.js';

/** What the SMS provider tells us, passed on by the gateway once it checked the provider's signature. */
@Controller()
export class SmsController {
  constructor(
    private readonly inbound: SmsInboundService,
    private readonly outbox: SmsOutboxRepository,
  ) {}

  @Handles(RecordsApi.smsInbound)
  async received(sms: MessagePayload<typeof RecordsApi.smsInbound>) {
    return { handled: await this.inbound.handle(sms) };
  }

  @Handles(RecordsApi.smsStatus)
  async status({ messageSid, status, errorCode }: MessagePayload<typeof RecordsApi.smsStatus>) {
    return { updated: await this.outbox.updateStatus(messageSid, status, errorCode) };
  }
}
