import { Inject, Injectable } from '@nestjs/common';
import { type CreateMerchPaymentRequest, type CreateMerchPaymentResponse, BillingApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** Billing takes the money: the shop asks it for a card payment of a checkout's amount. */
@Injectable()
export class BillingClient {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  createMerchPayment(request: CreateMerchPaymentRequest): Promise<CreateMerchPaymentResponse> {
    return this.services.send(BillingApi.createMerchPayment, request, {
      // Billing waits on the payment provider, which may take longer than a NATS round trip.
      timeoutMs: 20_000,
    });
  }
}
