import { Module } from '@nestjs/common';

/** The records service's features. */
@Module({})
export class RecordsModule {}
