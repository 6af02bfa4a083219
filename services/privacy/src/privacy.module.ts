import { Module } from '@nestjs/common';

/** The privacy service's features. */
@Module({})
export class PrivacyModule {}
