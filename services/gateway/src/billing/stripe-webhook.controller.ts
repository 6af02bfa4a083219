import { Controller, Headers, HttpCode, Inject, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { BillingMessages, receiveWebhookRequestSchema, webhookReceivedSchema, BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { CrossSiteAllowed } from '../http/cross-site-allowed.decorator.js';
import { signedWebhook } from '../http/signed-webhook.js';

export const WebhookMessages = {
  missingSignature: 'The webhook has no Stripe-Signature header.',
  missingBody: 'The webhook has no JSON body.',
} as const;

/**
 * Stripe's events. The gateway only hands the exact bytes and their signature to billing, which checks the
 * signature (300 s tolerance), queues the work and answers at once: a 2xx means "received", and anything else
 * makes Stripe retry. Not rate limited per address: Stripe sends from a few addresses, and an unsigned flood costs
 * one HMAC each.
 */
@ApiTags('premium')
@Controller('stripe')
export class StripeWebhookController {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  @Post('webhook')
  @HttpCode(200)
  // Stripe's servers are another site by design; the signature, not the origin, proves the sender.
  @CrossSiteAllowed()
  @ApiOperation({
    summary:
      "Receives a Stripe event; 400 unless the Stripe-Signature header matches the raw body under the endpoint's secret",
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix time>,v1=<HMAC-SHA256>' })
  @ApiBody({ description: 'The Stripe event, byte for byte as Stripe sent it', schema: { type: 'object' } })
  @ApiOkResponse({ standardSchema: webhookReceivedSchema })
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined) {
    // The body's size is bounded by the route's own parser (stripe-webhook-body.ts) and the schema.
    const delivery = signedWebhook(req, signature, {
      schema: receiveWebhookRequestSchema,
      messages: {
        unsigned: WebhookMessages.missingSignature,
        empty: WebhookMessages.missingBody,
        badSignature: BillingMessages.webhookSignature,
      },
    });
    return this.services.send(BillingApi.receiveWebhook, delivery);
  }
}
