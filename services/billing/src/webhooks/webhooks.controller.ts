import { Controller } from '@nestjs/common';
import { BillingApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { WebhookReceiver } from './webhook-receiver.js';

/** The provider's webhooks, as the gateway received them (raw body and signature header). */
@Controller()
export class WebhooksController {
  constructor(private readonly receiver: WebhookReceiver) {}

  @Handles(BillingApi.receiveWebhook)
  receive(request: MessagePayload<typeof BillingApi.receiveWebhook>) {
    return this.receiver.receive(request);
  }
}
