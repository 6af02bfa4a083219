import { Module } from '@nestjs/common';
import { CardPageHandler } from '../card-page/card-page.handler.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { CardController } from './card.controller.js';
import { CardReader } from './card-reader.js';
import { RecordsRoutesController } from './records-routes.controller.js';

/** Medical records and QR codes over HTTP, and the public emergency card (its data, and its page). */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [RecordsRoutesController, CardController],
  providers: [CardReader, CardPageHandler],
})
export class RecordsModule {}
