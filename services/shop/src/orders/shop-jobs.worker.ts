import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Queues, ShopJobs, type ShopJob } from '@medical-qr/contracts';
import { CONFIG, QueueWorker } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import { OrderReceipt } from '../checkout/order-receipt.js';
import { MockupsService } from '../mockups/mockups.service.js';
import { OrderSubmission } from './order-submission.js';
import { OrdersService } from './orders.service.js';

/** Does the shop's jobs; a job that throws is retried by the queue with exponential backoff. */
@Injectable()
export class ShopJobsWorker extends QueueWorker<ShopJob> {
  constructor(
    private readonly submission: OrderSubmission,
    private readonly orders: OrdersService,
    private readonly mockups: MockupsService,
    private readonly receipts: OrderReceipt,
    @Inject(CONFIG) private readonly config: ShopConfig,
  ) {
    super(Queues.shopOrders);
  }

  async process(job: Job<ShopJob>): Promise<void> {
    switch (job.name) {
      case ShopJobs.submit:
        if (job.data.orderId) await this.submission.submit(job.data.orderId);
        return;
      case ShopJobs.receipt:
        if (job.data.checkoutId) await this.receipts.send(job.data.checkoutId);
        return;
      case ShopJobs.sync:
        if (job.data.orderId) await this.orders.syncById(job.data.orderId);
        return;
      case ShopJobs.syncOpen: {
        const synced = await this.orders.syncOpen();
        if (synced) this.logger.info({ synced }, 'open orders synced with Printify');
        return;
      }
      case ShopJobs.cleanupMockups: {
        const removed = await this.mockups.removeLeftovers(this.config.MOCKUP_MAX_AGE_MS);
        if (removed) this.logger.info({ removed }, 'left-over mockup products removed');
        return;
      }
    }
  }
}
