import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  cleanupResponseSchema,
  generateMockupBodySchema,
  generateTaggedMockupBodySchema,
  mockupResponseSchema,
  taggedMockupResponseSchema,
  type MockupResponse,
  type TaggedMockupResponse,
  ShopApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { type EmptyBody, emptyBodySchema } from '../billing/empty-body.js';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { PROVIDER_CALL } from './shop-timeouts.js';

/** Mockups of the signed-in user's own QR on a product; they need an active code (403 without one). */
@ApiTags('shop')
@Controller('printify')
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class MockupsController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('generate-mockup')
  @HttpCode(200)
  @ApiOperation({ summary: "A preview of the user's QR on the product at the given scale; the provider cost in cents" })
  @ApiOkResponse({ standardSchema: mockupResponseSchema })
  async generate(
    @Body({ schema: generateMockupBodySchema }) body: z.infer<typeof generateMockupBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ): Promise<MockupResponse> {
    const { cost, printifyProductId, mockupUrls } = await this.services.send(
      ShopApi.generateMockup,
      { ...body, tag: null, userId: session.data.userId, appUrl: appUrl(req, this.config) },
      PROVIDER_CALL,
    );
    return { cost, printifyProductId, mockupUrls };
  }

  @Post('generate-mockup-with-tag')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The same, kept past the customizer (tag in_cart or quick_checkout): its productId goes with the order',
  })
  @ApiOkResponse({ standardSchema: taggedMockupResponseSchema })
  async generateTagged(
    @Body({ schema: generateTaggedMockupBodySchema }) body: z.infer<typeof generateTaggedMockupBodySchema>,
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ): Promise<TaggedMockupResponse> {
    const { cost, productId, mockupUrls } = await this.services.send(
      ShopApi.generateMockup,
      { ...body, userId: session.data.userId, appUrl: appUrl(req, this.config) },
      PROVIDER_CALL,
    );
    return { cost, productId, mockupUrls };
  }

  @Post('cleanup-mockups')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes the user's untagged previews (the customizer closed). Takes no input" })
  @ApiOkResponse({ standardSchema: cleanupResponseSchema })
  cleanup(@Body({ schema: emptyBodySchema }) _body: EmptyBody, @SignedIn() session: CurrentSession) {
    return this.services.send(ShopApi.cleanupMockups, { userId: session.data.userId }, PROVIDER_CALL);
  }
}
