import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@medical-qr/platform';
import type { OrderRow } from '../database/schema.js';
import { PrintifyClient, PrintifyRejected } from '../printify/printify-client.js';
import { printifyAddressOf } from '../printify/printify-address.js';
import type { PrintifyOrder } from '../printify/printify-types.js';
import { RecordsClient } from '../records/records.client.js';
import { progressOf } from './printify-status.js';
import { OrdersRepository } from './orders.repository.js';

/**
 * Sends a paid order to Printify: each item gets its own printed tag (records) and a product with
 * that tag's QR, so one lost keychain can be revoked alone; the order is made with one line per item
 * and our order id as Printify's external_id, then sent to production. Only the order's submit job calls this (one
 * job per order, so never two at once). Each step's result is stored as it succeeds, so a retry of the job resumes
 * after the last one done and never orders twice. Printify refusing the order is final:
 * the order is marked failed with the reason kept for support.
 */
@Injectable()
export class OrderSubmission {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly printify: PrintifyClient,
    private readonly records: RecordsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async submit(orderId: string): Promise<OrderRow | undefined> {
    let order = await this.orders.find(orderId);
    if (!order || order.sentToProductionAt || order.status === 'failed' || order.status === 'cancelled') return order;
    try {
      for (let item = order.printifyProductIds.length; item < order.quantity; item++) {
        const productId = await this.printItem(order, item);
        order = await this.orders.update(order.id, { printifyProductIds: [...order.printifyProductIds, productId] });
      }
      if (!order.printifyOrderId) {
        const created = await this.createOrder(order);
        order = await this.orders.update(order.id, { printifyOrderId: created.id });
      }
      const sent = await this.sendToProduction(order.printifyOrderId!);
      const progress = progressOf(sent);
      order = await this.orders.update(order.id, {
        sentToProductionAt: new Date(),
        ...progress,
        status: progress.status === 'paid' ? 'processing' : progress.status,
        lastError: null,
        syncedAt: new Date(),
      });
      this.logger.info({ orderId: order.id, printifyOrderId: order.printifyOrderId }, 'order sent to production');
      return order;
    } catch (error) {
      if (!(error instanceof PrintifyRejected)) throw error;
      this.logger.error({ orderId: order.id, status: error.status }, 'Printify refused the order');
      return this.orders.update(order.id, {
        status: 'failed',
        lastError: `Printify refused the order (${error.status})`,
      });
    }
  }

  /**
   * Makes the order at Printify, with our order id as its external id. Printify refuses a second order with that id:
   * when a retry is refused so (the first call succeeded, its answer was lost), the order it made is the answer.
   */
  private async createOrder(order: OrderRow): Promise<{ id: string }> {
    try {
      return await this.printify.createOrder({
        externalId: order.id,
        label: `Medical QR ${order.id.slice(0, 8)}`,
        productIds: order.printifyProductIds,
        variantId: order.variantId,
        address: printifyAddressOf(order),
      });
    } catch (error) {
      if (!(error instanceof PrintifyRejected)) throw error;
      const made = await this.printify.findOrder(order.id, new Date(order.createdAt.getTime() - 60_000));
      if (!made) throw error;
      this.logger.info({ orderId: order.id, printifyOrderId: made.id }, 'order already made at Printify');
      return made;
    }
  }

  /**
   * Sends the order to production. Printify refuses an order already sent: when a retry finds it so (the first
   * send succeeded, its answer was lost), the order as Printify has it is the answer.
   */
  private async sendToProduction(printifyOrderId: string): Promise<PrintifyOrder> {
    try {
      return await this.printify.sendToProduction(printifyOrderId);
    } catch (error) {
      if (!(error instanceof PrintifyRejected)) throw error;
      const remote = await this.printify.order(printifyOrderId);
      if (!remote || remote.status === 'on-hold') throw error;
      this.logger.info({ printifyOrderId, status: remote.status }, 'order was already sent to production');
      return remote;
    }
  }

  /**
   * Item `item`'s tag, and a product printed with its QR; answers the product's id. The tag is issued once per item
   * (records answers the same one again); a product made by an attempt whose answer was lost is found by its title.
   */
  private async printItem(order: OrderRow, item: number): Promise<string> {
    const title = `${order.productTitle} (order ${order.id.slice(0, 8)}, item ${item + 1})`;
    const made = await this.printify.findProduct(title, new Date(order.createdAt.getTime() - 60_000));
    if (made) {
      this.logger.info({ orderId: order.id, item, productId: made.id }, 'item product already made at Printify');
      return made.id;
    }
    const tag = await this.records.issueTag(order.userId, order.id, item, order.appUrl);
    const upload = await this.printify.uploadImage(`medical-qr-tag-${order.id}-${item + 1}.png`, tag.printPngBase64);
    const product = await this.printify.createProduct({
      title,
      blueprintId: order.blueprintId,
      printProviderId: order.printProviderId,
      variantId: order.variantId,
      uploadId: upload.id,
      scale: Number(order.qrScale),
    });
    return product.id;
  }
}
