import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { webhookReceivedSchema } from '@medical-qr/contracts';
import { CrossSiteAllowed } from './cross-site-allowed.decorator.js';

/**
 * `POST …/webhook` for a provider's signed events: answered 200 with `{ received }`, documented with its signature
 * header. A provider's servers are another site by design, so the signature, not the origin, proves the sender.
 */
export function SignedWebhookRoute(route: {
  provider: string;
  summary: string;
  signatureHeader: string;
  signatureFormat: string;
}) {
  return applyDecorators(
    Post('webhook'),
    HttpCode(200),
    CrossSiteAllowed(),
    ApiOperation({ summary: route.summary }),
    ApiHeader({ name: route.signatureHeader, required: true, description: route.signatureFormat }),
    ApiBody({
      description: `The ${route.provider} event, byte for byte as ${route.provider} sent it`,
      schema: { type: 'object' },
    }),
    ApiOkResponse({ standardSchema: webhookReceivedSchema }),
  );
}
