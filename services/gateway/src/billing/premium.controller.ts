import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { premiumStatusSchema, BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { type EmptyBody, emptyBodySchema } from './empty-body.js';
import { providerActionTimeout } from './provider-timeout.js';

/** The signed-in user's premium access, as billing (the one source of premium truth) knows it. */
@ApiTags('premium')
@Controller()
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class PremiumController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('premium/status')
  @ApiOperation({ summary: 'Whether the signed-in user is premium, and until when the paid period runs' })
  @ApiOkResponse({ standardSchema: premiumStatusSchema })
  status(@SignedIn() session: CurrentSession) {
    return this.services.send(BillingApi.premiumStatus, { userId: session.data.userId });
  }

  @Post('activate-premium')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Asks the payment provider (never the client) whether the user has paid, records what it says and answers the premium status; takes no input',
  })
  @ApiOkResponse({ standardSchema: premiumStatusSchema })
  activate(@Body({ schema: emptyBodySchema }) _body: EmptyBody, @SignedIn() session: CurrentSession) {
    return this.services.send(
      BillingApi.activatePremium,
      { userId: session.data.userId },
      providerActionTimeout(this.config),
    );
  }
}
