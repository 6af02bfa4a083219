import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { BillingMessages, ErrorCodes } from '@medical-qr/contracts';
import { AppError, LOGGER } from '@medical-qr/platform';
import { STRIPE } from './stripe-client.js';

/** What may be logged of a provider error: never its raw body (it can hold a payment's client secret). */
export function providerErrorSummary(error: InstanceType<typeof Stripe.errors.StripeError>) {
  return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId };
}

/**
 * Every call billing makes to the payment provider goes through here: none when payments are not
 * configured, and a provider failure becomes SERVICE_UNAVAILABLE (a 503 the user may retry), never a 500.
 */
@Injectable()
export class PaymentProvider {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get configured(): boolean {
    return this.stripe !== null;
  }

  async call<T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T> {
    if (!this.stripe) throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, BillingMessages.paymentsNotConfigured);
    try {
      return await request(this.stripe);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.warn({ provider: providerErrorSummary(error), call: what }, 'payment provider call failed');
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, BillingMessages.providerUnavailable);
    }
  }

  /** The subscription as the provider has it now; null when the provider has no such subscription. */
  retrieveSubscription(subscriptionId: string, expand?: string[]): Promise<Stripe.Subscription | null> {
    return this.call('subscriptions.retrieve', (stripe) =>
      nullWhenMissing(stripe.subscriptions.retrieve(subscriptionId, expand && { expand })),
    );
  }

  /** The PaymentIntent as the provider has it now; null when the provider has no such PaymentIntent. */
  retrievePaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent | null> {
    return this.call('paymentIntents.retrieve', (stripe) =>
      nullWhenMissing(stripe.paymentIntents.retrieve(paymentIntentId)),
    );
  }
}

/** The provider's "no such object" (404) as null; any other failure as it was. */
async function nullWhenMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}
