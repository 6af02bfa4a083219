import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type PrintifyWebhookRequest, printifyWebhookRequestSchema, ShopPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { PrintifyWebhookReceiver } from './printify-webhook.receiver.js';

/** Printify's webhooks, as the gateway received them (raw body and X-Pfy-Signature header). */
@Controller()
export class PrintifyWebhooksController {
  constructor(private readonly receiver: PrintifyWebhookReceiver) {}

  @MessagePattern(ShopPatterns.receiveWebhook)
  receive(@Payload(new ZodPayload(printifyWebhookRequestSchema)) request: PrintifyWebhookRequest) {
    return this.receiver.receive(request);
  }
}
