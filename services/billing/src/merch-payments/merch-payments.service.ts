import { Injectable } from '@nestjs/common';
import {
  BillingMessages,
  MERCH_PAYMENT_PURPOSE,
  type CreateMerchPaymentRequest,
  type CreateMerchPaymentResponse,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { PaymentProvider } from '../provider/payment-provider.js';
import { MERCH_CURRENCY, merchPaymentIdempotencyKey } from './merch-payment.js';

/**
 * Card payments for merch: a PaymentIntent per shop checkout, which the card form confirms with the
 * answered client secret. Nothing is recorded here: the order follows the provider's webhook.
 */
@Injectable()
export class MerchPaymentsService {
  constructor(private readonly provider: PaymentProvider) {}

  async create({
    userId,
    email,
    checkoutId,
    amountCents,
    description,
  }: CreateMerchPaymentRequest): Promise<CreateMerchPaymentResponse> {
    const intent = await this.provider.call('paymentIntents.create (merch)', (stripe) =>
      stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: MERCH_CURRENCY,
          // Cards only (`payment_method_types` before this API version): the card form takes nothing else.
          allowed_payment_method_types: ['card'],
          description,
          receipt_email: email,
          // How the webhook recognises the payment and finds the checkout it pays for.
          metadata: { purpose: MERCH_PAYMENT_PURPOSE, checkoutId, userId },
        },
        { idempotencyKey: merchPaymentIdempotencyKey(checkoutId) },
      ),
    );
    // Made with the secret key, a PaymentIntent always has its client secret; without one the form cannot pay.
    if (!intent.client_secret) throw AppError.unavailable(BillingMessages.providerUnavailable);
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
  }
}
