import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  cancelSubscriptionResponseSchema,
  type CreateSubscriptionRequest,
  createSubscriptionResponseSchema,
  subscriptionDetailsSchema,
  IdentityApi,
  BillingApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { type EmptyBody, emptyBodySchema } from './empty-body.js';
import { providerActionTimeout } from './provider-timeout.js';

/** The customer name billing gives the provider (it shows on receipts) is bounded like the contract's. */
const CUSTOMER_NAME_MAX = 200;

/**
 * The signed-in user's premium subscription: starting one, its details, cancelling at the period end and
 * resuming. Every action is the session's user's own; no route takes a user or subscription id.
 */
@ApiTags('premium')
@Controller()
@UseGuards(SessionGuard)
@UseInterceptors(NoStoreInterceptor)
export class SubscriptionController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('subscription/details')
  @ApiOperation({ summary: "The user's subscription (active or canceling); 404 when there is none" })
  @ApiOkResponse({ standardSchema: subscriptionDetailsSchema })
  details(@SignedIn() session: CurrentSession) {
    return this.services.send(BillingApi.subscriptionDetails, {
      userId: session.data.userId,
    });
  }

  @Post('create-subscription')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Starts the $9.99 monthly subscription and answers the first payment for the card form to confirm; when the user is already premium, requiresPayment is false. Takes no input',
  })
  @ApiOkResponse({ standardSchema: createSubscriptionResponseSchema })
  async create(@Body({ schema: emptyBodySchema }) _body: EmptyBody, @SignedIn() session: CurrentSession) {
    // The provider's customer carries the account's email and name, as identity has them now.
    const user = await this.services.send(IdentityApi.getUser, { userId: session.data.userId });
    const request: CreateSubscriptionRequest = {
      userId: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim().slice(0, CUSTOMER_NAME_MAX),
    };
    return this.services.send(BillingApi.createSubscription, request, providerActionTimeout(this.config));
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sets the subscription to end at the end of the paid period (premium lasts until then) and answers when; 404 without a subscription. Takes no input',
  })
  @ApiOkResponse({ standardSchema: cancelSubscriptionResponseSchema })
  cancel(@Body({ schema: emptyBodySchema }) _body: EmptyBody, @SignedIn() session: CurrentSession) {
    return this.services.send(
      BillingApi.cancelSubscription,
      { userId: session.data.userId },
      providerActionTimeout(this.config),
    );
  }

  @Post('subscription/resume')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Keeps a canceling subscription renewing; 409 when it is not set to end, 404 without a subscription. Takes no input',
  })
  @ApiOkResponse({ standardSchema: subscriptionDetailsSchema })
  resume(@Body({ schema: emptyBodySchema }) _body: EmptyBody, @SignedIn() session: CurrentSession) {
    return this.services.send(
      BillingApi.resumeSubscription,
      { userId: session.data.userId },
      providerActionTimeout(this.config),
    );
  }
}
