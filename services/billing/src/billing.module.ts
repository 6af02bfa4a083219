import { Module } from '@nestjs/common';

/** The billing service's features. */
@Module({})
export class BillingModule {}
