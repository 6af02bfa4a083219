import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingPatterns, receiveWebhookRequestSchema, type ReceiveWebhookRequest } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { WebhookReceiver } from './webhook-receiver.js';

/** The provider's webhooks, as the gateway received them (raw body and signature header). */
@Controller()
export class WebhooksController {
  constructor(private readonly receiver: WebhookReceiver) {}

  @MessagePattern(BillingPatterns.receiveWebhook)
  receive(@Payload(new ZodPayload(receiveWebhookRequestSchema)) request: ReceiveWebhookRequest) {
    return this.receiver.receive(request);
  }
}
