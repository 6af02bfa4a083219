import { Module } from '@nestjs/common';
import { PremiumStatusController } from './premium/premium-status.controller.js';

/** The billing service's features. */
@Module({ controllers: [PremiumStatusController] })
export class BillingModule {}
