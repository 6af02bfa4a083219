import { Controller, Headers, Inject, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PRINTIFY_WEBHOOK_MAX_BYTES, printifyWebhookRequestSchema, ShopMessages, ShopApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { SignedWebhookRoute } from '../http/signed-webhook-route.decorator.js';
import { signedWebhook } from '../http/signed-webhook.js';

/**
 * Printify's order events. The gateway only hands the exact bytes and their signature to the shop, which checks
 * the signature, queues a sync of the order and answers at once: a 2xx means "received", anything else makes
 * Printify deliver again. Public and not rate limited per address, like Stripe's: Printify sends from a few
 * addresses, and an unsigned flood costs one HMAC each. The general JSON parser (BODY_LIMIT) keeps the raw bytes
 * in `req.rawBody` and bounds the body; the route bounds it again at what a Printify event can be.
 */
@ApiTags('shop')
@Controller('printify')
export class PrintifyWebhookController {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  @SignedWebhookRoute({
    provider: 'Printify',
    summary:
      "Receives a Printify order event; 400 unless the X-Pfy-Signature header matches the raw body under the webhook's secret",
    signatureHeader: 'X-Pfy-Signature',
    signatureFormat: 'sha256=<hex HMAC-SHA256 of the body>',
  })
  receive(@Req() req: RawBodyRequest<Request>, @Headers('x-pfy-signature') signature: string | undefined) {
    const delivery = signedWebhook(req, signature, {
      schema: printifyWebhookRequestSchema,
      maxBytes: PRINTIFY_WEBHOOK_MAX_BYTES,
      messages: {
        unsigned: ShopMessages.webhookUnsigned,
        empty: ShopMessages.webhookEmpty,
        tooLarge: ShopMessages.webhookTooLarge,
        badSignature: ShopMessages.webhookSignature,
      },
    });
    return this.services.send(ShopApi.receiveWebhook, delivery);
  }
}
