import { Module } from '@nestjs/common';

/** The identity service's features. */
@Module({})
export class IdentityModule {}
