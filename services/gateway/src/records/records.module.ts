import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { AnonymousRecordController } from './anonymous-record.controller.js';
import { CardController } from './card.controller.js';
import { RecordsController } from './records.controller.js';

/** Medical records and QR codes over HTTP, and the public emergency card. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [AnonymousRecordController, RecordsController, CardController],
})
export class RecordsModule {}
