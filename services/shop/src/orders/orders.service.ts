import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ErrorCodes, EXPORT_PAGE_SIZES, keysetPage, type Order, ShopMessages } from '@medical-qr/contracts';
import { AppError, afterCursor, LOGGER } from '@medical-qr/platform';
import type { OrderRow } from '../database/schema.js';
import { PrintifyClient } from '../printify/printify-client.js';
import { RecordsClient } from '../records/records.client.js';
import { toOrder } from './order-view.js';
import { OrdersRepository } from './orders.repository.js';
import { progressOf } from './printify-status.js';
import { ShopJobsScheduler } from './shop-jobs.scheduler.js';

/** The user's orders with their printed tags, and keeping each order's status in step with Printify. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly jobs: ShopJobsScheduler,
    private readonly printify: PrintifyClient,
    private readonly records: RecordsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(userId: string, appUrl: string): Promise<Order[]> {
    const rows = await this.orders.listForUser(userId);
    if (rows.length === 0) return [];
    const tags = await this.records.listTags(userId, appUrl);
    return rows.map((row) => toOrder(row, tags));
  }

  /** One page of the user's orders for their export, each with its printed tags (read for this page's orders only). */
  async exportPage(userId: string, appUrl: string, cursor: string | null) {
    const limit = EXPORT_PAGE_SIZES.orders;
    const rows = await this.orders.exportPageForUser(
      userId,
      afterCursor(cursor, ['string', 'number', 'string']),
      limit,
    );
    const shown = rows.slice(0, limit).map(({ row }) => row.id);
    const tags = shown.length === 0 ? [] : await this.records.listTags(userId, appUrl, shown);
    return {
      section: 'orders' as const,
      ...keysetPage(
        rows,
        limit,
        ({ key }) => key,
        ({ row }) => toOrder(row, tags),
      ),
    };
  }

  /** Sync Status: a sent order is read back from Printify; one still being sent is answered as it stands. */
  async syncForUser(userId: string, orderId: string, appUrl: string): Promise<Order> {
    const row = await this.owned(userId, orderId);
    const synced = await this.sync(row);
    return this.view(userId, synced, appUrl);
  }

  /** A lost item: its tag stops opening the card; the order's other items keep theirs. */
  async revokeTag(userId: string, orderId: string, itemIndex: number, appUrl: string): Promise<Order> {
    const row = await this.owned(userId, orderId);
    if (itemIndex >= row.printifyProductIds.length) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.tagNotFound);
    await this.records.revokeTag(userId, orderId, itemIndex, appUrl);
    this.logger.info({ orderId, itemIndex }, 'printed tag revoked by its owner');
    return this.view(userId, row, appUrl);
  }

  /**
   * One order read back from Printify. Only reads: the order's own submit job sends it, once; a sync that sent it
   * too would race that job and make each item's product, or the order, twice.
   */
  async sync(row: OrderRow): Promise<OrderRow> {
    if (!row.sentToProductionAt || !row.printifyOrderId) return row;
    const remote = await this.printify.order(row.printifyOrderId);
    if (!remote) {
      this.logger.warn({ orderId: row.id }, 'Printify no longer knows this order');
      return this.orders.update(row.id, { syncedAt: new Date() });
    }
    const progress = progressOf(remote);
    return this.orders.update(row.id, { ...progress, syncedAt: new Date() });
  }

  async syncById(orderId: string): Promise<void> {
    const row = await this.orders.find(orderId);
    if (row) await this.sync(row);
  }

  /**
   * The sweep: every order that may still change, one at a time (Printify limits request rates). A paid order not yet
   * sent gets its submit job again, in case it was lost (the job's id makes that a no-op while the job is queued).
   */
  async syncOpen(): Promise<number> {
    // Orders made in the last minute are still being submitted by their own job.
    const open = await this.orders.open(new Date(Date.now() - 60_000));
    let synced = 0;
    for (const row of open) {
      try {
        if (!row.sentToProductionAt) await this.jobs.submit(row.id);
        else await this.sync(row);
        synced++;
      } catch (error) {
        this.logger.warn({ err: error, orderId: row.id }, 'order not synced; the next sweep tries again');
      }
    }
    return synced;
  }

  private async owned(userId: string, orderId: string): Promise<OrderRow> {
    const row = await this.orders.findForUser(userId, orderId);
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.orderNotFound);
    return row;
  }

  private async view(userId: string, row: OrderRow, appUrl: string): Promise<Order> {
    return toOrder(row, await this.records.listTags(userId, appUrl));
  }
}
