import { Module } from '@nestjs/common';
import { CardPageHandler } from '../card-page/card-page.handler.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { CardController } from './card.controller.js';
import { CardReader } from './card-reader.js';
import { routesController } from '../routes/routes-controller.js';
import { RECORDS_ROUTES } from './records.routes.js';
import { SmsNumberController } from './sms-number.controller.js';
import { WalletCardController } from './wallet-card.controller.js';

/**
 * Medical records, QR codes and the wallet card over HTTP, the public emergency card (its data, and its page), and the
 * SMS number printed references are texted to.
 */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [
    routesController('RecordsRoutesController', 'medical records', RECORDS_ROUTES),
    CardController,
    WalletCardController,
    SmsNumberController,
  ],
  providers: [CardReader, CardPageHandler],
})
export class RecordsModule {}
