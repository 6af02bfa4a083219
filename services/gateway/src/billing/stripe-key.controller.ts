import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BillingMessages, ErrorCodes, type StripeKeyResponse, stripeKeyResponseSchema } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** The publishable key the card form needs: public by design (Stripe.js runs in every visitor's browser). */
@ApiTags('premium')
@Controller('config')
export class StripeKeyController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('stripe-key')
  // Read once per payment form; a key changed by a redeploy must reach the next form.
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({
    summary:
      "Stripe's publishable key; apiUrl is present only when a local stand-in takes the payments (the web then uses its own card form against it). 503 when payments are not configured",
  })
  @ApiOkResponse({ standardSchema: stripeKeyResponseSchema })
  key(): StripeKeyResponse {
    const { STRIPE_PUBLISHABLE_KEY: key, STRIPE_BROWSER_API_URL: apiUrl } = this.config;
    if (!key) throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, BillingMessages.paymentsNotConfigured);
    return apiUrl ? { key, apiUrl: apiUrl.replace(/\/+$/, '') } : { key };
  }
}
