import { Controller, Headers, Inject, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { BillingMessages, receiveWebhookRequestSchema, BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { SignedWebhookRoute } from '../http/signed-webhook-route.decorator.js';
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

  @SignedWebhookRoute({
    provider: 'Stripe',
    summary:
      "Receives a Stripe event; 400 unless the Stripe-Signature header matches the raw body under the endpoint's secret",
    signatureHeader: 'Stripe-Signature',
    signatureFormat: 't=<unix time>,v1=<HMAC-SHA256>',
  })
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
