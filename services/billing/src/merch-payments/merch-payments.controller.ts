import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  createMerchPaymentRequestSchema,
  type CreateMerchPaymentRequest,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { MerchPaymentsService } from './merch-payments.service.js';

/** Billing's NATS interface for merch payments, asked by the shop's checkout; every payload is validated here. */
@Controller()
export class MerchPaymentsController {
  constructor(private readonly merchPayments: MerchPaymentsService) {}

  @MessagePattern(BillingPatterns.createMerchPayment)
  create(@Payload(new ZodPayload(createMerchPaymentRequestSchema)) request: CreateMerchPaymentRequest) {
    return this.merchPayments.create(request);
  }
}
