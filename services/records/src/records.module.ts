import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, createQueue, EventsModule } from '@medical-qr/platform';
import { CardController } from './card/card.controller.js';
import { CardService } from './card/card.service.js';
import type { RecordsConfig } from './config.js';
import { EXPIRY_QUEUE, type ExpiryJob, type ExpiryQueue } from './expiry/expiry.queue.js';
import { ExpiryScheduler } from './expiry/expiry.scheduler.js';
import { PremiumStatusClient } from './premium/premium-status.client.js';
import { RecordsController } from './records/records.controller.js';
import { RecordsRepository } from './records/records.repository.js';
import { RecordsService } from './records/records.service.js';
import { EXPIRY_QUEUE_TOKEN } from './tokens.js';

/** Medical records, contacts, QR images, expiry, the public card and the scan log. */
@Module({
  imports: [EventsModule.register({ name: 'records' })],
  controllers: [RecordsController, CardController],
  providers: [
    RecordsRepository,
    RecordsService,
    CardService,
    ExpiryScheduler,
    PremiumStatusClient,
    {
      provide: EXPIRY_QUEUE_TOKEN,
      inject: [CONFIG],
      useFactory: (config: RecordsConfig) =>
        createQueue<ExpiryJob>(EXPIRY_QUEUE, { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
    },
  ],
})
export class RecordsModule implements OnApplicationShutdown {
  constructor(@Inject(EXPIRY_QUEUE_TOKEN) private readonly expiryQueue: ExpiryQueue) {}

  async onApplicationShutdown() {
    await this.expiryQueue.close();
  }
}
