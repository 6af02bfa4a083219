import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { Queues, ShopJobs, type ShopJob } from '@medical-qr/contracts';
import { CONFIG, InjectQueue, type JobQueue, LOGGER } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';

/** Queues the shop's work: one job per paid order to submit, and the periodic sync and cleanup. */
@Injectable()
export class ShopJobsScheduler implements OnModuleInit {
  constructor(
    @InjectQueue(Queues.shopOrders) private readonly queue: JobQueue<ShopJob>,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit() {
    await this.queue.repeat(ShopJobs.syncOpen, this.config.ORDER_SYNC_INTERVAL_MS, {});
    await this.queue.repeat(ShopJobs.cleanupMockups, this.config.MOCKUP_CLEANUP_INTERVAL_MS, {});
  }

  /**
   * The order's one submit job (its id names the order, so two never run side by side). A job lost here, or one that
   * gave up, is queued again by the sync sweep, which finds the paid order not yet sent.
   */
  async submit(orderId: string): Promise<void> {
    try {
      await this.queue.ensure(ShopJobs.submit, { orderId }, `submit-${orderId}`);
    } catch (error) {
      this.logger.warn({ err: error, orderId }, 'submission not queued; the sync sweep will send this order');
    }
  }

  /**
   * The paid checkout's receipt job (its id names the checkout, so a repeat is refused while the job is kept). The job
   * holds only the checkout's id: the receipt is read from the orders when it runs.
   */
  async receipt(checkoutId: string): Promise<void> {
    try {
      await this.queue.add(
        ShopJobs.receipt,
        { checkoutId },
        { jobId: `receipt-${checkoutId}`, removeOnComplete: { age: 24 * 3600 }, removeOnFail: 100 },
      );
    } catch (error) {
      this.logger.warn({ err: error, checkoutId }, 'receipt not queued; the orders are made and My Orders shows them');
    }
  }
}
