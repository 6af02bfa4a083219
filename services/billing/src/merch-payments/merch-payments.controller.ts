import { Controller } from '@nestjs/common';
import { BillingApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { MerchPaymentsService } from './merch-payments.service.js';

/** Billing's NATS interface for merch payments, asked by the shop's checkout; every payload is validated here. */
@Controller()
export class MerchPaymentsController {
  constructor(private readonly merchPayments: MerchPaymentsService) {}

  @Handles(BillingApi.createMerchPayment)
  create(request: MessagePayload<typeof BillingApi.createMerchPayment>) {
    return this.merchPayments.create(request);
  }
}
