import { Module } from '@nestjs/common';

/** The shop service's features. */
@Module({})
export class ShopModule {}
