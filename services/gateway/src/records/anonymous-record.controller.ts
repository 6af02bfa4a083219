import { Body, Controller, HttpCode, Inject, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  anonymousCreationResponseSchema,
  type ConfirmCodeEmailBody,
  confirmCodeEmailBodySchema,
  confirmCodeEmailResponseSchema,
  type MedicalForm,
  medicalFormSchema,
  RecordsApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * A visitor's free code: no account, rate limited per address. A link mailed at creation proves the email; only a
 * proven code joins that email's account, and an email keeps one proven code.
 */
@ApiTags('medical records')
@Controller()
@UseInterceptors(NoStoreInterceptor)
export class AnonymousRecordController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('anonymous-medical-record')
  @HttpCode(200)
  @PublicRateLimit(PublicBuckets.anonymousCreation)
  @ApiOperation({
    summary:
      'Creates a free code (2 days) and mails a link to prove its email; 409 when the email already has a proven code',
  })
  @ApiOkResponse({ standardSchema: anonymousCreationResponseSchema })
  create(@Body({ schema: medicalFormSchema }) form: MedicalForm, @Req() req: Request) {
    return this.services.send(RecordsApi.createAnonymous, {
      form,
      appUrl: appUrl(req, this.config),
    });
  }

  @Post('anonymous-medical-record/confirm-email')
  @HttpCode(200)
  @PublicRateLimit(PublicBuckets.recovery)
  @ApiOperation({
    summary:
      "Follows the link mailed with a free code: proves its email, so the code joins that email's account at its next sign-in (404 unknown link, 410 used or expired, 409 the email has a proven code)",
  })
  @ApiOkResponse({ standardSchema: confirmCodeEmailResponseSchema })
  confirmEmail(@Body({ schema: confirmCodeEmailBodySchema }) body: ConfirmCodeEmailBody) {
    return this.services.send(RecordsApi.confirmAnonymousEmail, body);
  }
}
