import { Controller } from '@nestjs/common';
import { ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { PrintifyWebhookReceiver } from './printify-webhook.receiver.js';

/** Printify's webhooks, as the gateway received them (raw body and X-Pfy-Signature header). */
@Controller()
export class PrintifyWebhooksController {
  constructor(private readonly receiver: PrintifyWebhookReceiver) {}

  @Handles(ShopApi.receiveWebhook)
  receive(request: MessagePayload<typeof ShopApi.receiveWebhook>) {
    return this.receiver.receive(request);
  }
}
