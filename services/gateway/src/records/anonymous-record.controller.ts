import { Body, Controller, HttpCode, Inject, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  type AnonymousCreationResponse,
  anonymousCreationResponseSchema,
  type MedicalForm,
  medicalFormSchema,
  RecordsPatterns,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** A visitor's one free code: no account, one per email, rate limited per address. */
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
  @ApiOperation({ summary: 'Creates the one free code an email may have (2 days); 409 when the email already has one' })
  @ApiOkResponse({ standardSchema: anonymousCreationResponseSchema })
  create(@Body({ schema: medicalFormSchema }) form: MedicalForm, @Req() req: Request) {
    return this.services.request<AnonymousCreationResponse>(RecordsPatterns.createAnonymous, {
      form,
      appUrl: appUrl(req, this.config),
    });
  }
}
