import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { findBlueprint, findOffer, profileFor } from './catalog-data.js';
import { notFound, validationFailed } from './errors.js';
import { printifyTime } from './http.js';
import { newId } from './ids.js';
import type { ProductStore } from './products.js';
import type { Address, LineItem, Order, OrderStatus, Shipment } from './types.js';
import type { PrintifyWebhooks } from './webhooks.js';

const address = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.email().optional(),
  phone: z.string().max(50).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code'),
  region: z.string().max(100).optional(),
  address1: z.string().trim().min(1).max(255),
  address2: z.string().max(255).optional(),
  city: z.string().trim().min(1).max(100),
  zip: z.string().trim().min(1).max(20),
  company: z.string().max(100).optional(),
});

export const orderBody = z.object({
  external_id: z.string().trim().min(1, 'The external id field is required.').max(255),
  label: z.string().max(255).default(''),
  line_items: z
    .array(
      z.object({
        product_id: z.string().min(1),
        variant_id: z.number().int(),
        quantity: z.number().int().min(1).max(1000),
      }),
    )
    .min(1),
  shipping_method: z.number().int().min(1).max(4).default(1),
  send_shipping_notification: z.boolean().default(false),
  address_to: address,
});
export type OrderBody = z.infer<typeof orderBody>;

/** The shop's orders, and the clock that moves them from production to delivery once they are sent. */
export class OrderBook {
  private readonly orders = new Map<string, Order>();
  private readonly byExternalId = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly settings: { shopId: number; stepMs: number },
    private readonly products: ProductStore,
    private readonly webhooks: PrintifyWebhooks,
  ) {}

  /**
   * A new order on hold. Printify refuses a second order with an `external_id` it already holds (a validation error
   * naming the field), so a caller whose first answer was lost must find its order in the list, not ask again.
   */
  create(body: OrderBody): { id: string } {
    if (this.byExternalId.has(body.external_id))
      throw validationFailed('external_id', 'The external id has already been taken.');
    const lineItems = body.line_items.map((item, index) => this.lineItem(item, index, body.address_to));
    const order: Order = {
      id: newId(),
      address_to: body.address_to as Address,
      line_items: lineItems,
      metadata: { order_type: 'api', shop_order_id: body.external_id, shop_order_label: body.label },
      total_price: lineItems.reduce((sum, item) => sum + item.cost * item.quantity, 0),
      total_shipping: lineItems.reduce((sum, item) => sum + item.shipping_cost, 0),
      total_tax: 0,
      status: 'on-hold',
      shipping_method: body.shipping_method,
      send_shipping_notification: body.send_shipping_notification,
      is_printify_express: false,
      is_economy_shipping: false,
      shipments: [],
      created_at: printifyTime(),
    };
    this.orders.set(order.id, order);
    this.byExternalId.set(body.external_id, order.id);
    this.announce(order, 'order:created');
    return { id: order.id };
  }

  get(id: string): Order {
    const order = this.orders.get(id);
    if (!order) throw notFound(`Order ${id}`);
    return order;
  }

  /** Newest first. */
  list(status: string | undefined): Order[] {
    return [...this.orders.values()].reverse().filter((order) => !status || order.status === status);
  }

  /** Starts production: the clock then moves the order on every step until it is delivered. */
  sendToProduction(id: string): Order {
    const order = this.get(id);
    if (order.status !== 'on-hold') throw validationFailed('status', `the order is already ${order.status}`);
    this.setStatus(order, 'sending-to-production');
    this.announce(order, 'order:updated');
    const steps = [() => this.startProduction(order), () => this.ship(order), () => this.deliver(order)];
    steps.forEach((step, index) => this.after((index + 1) * this.settings.stepMs, step));
    return order;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private lineItem(item: OrderBody['line_items'][number], index: number, to: OrderBody['address_to']): LineItem {
    const field = `line_items.${index}`;
    const stored = this.products.get(item.product_id);
    if (!stored)
      throw validationFailed(`${field}.product_id`, `product ${item.product_id} does not exist in this shop`);
    const variant = stored.product.variants.find((candidate) => candidate.id === item.variant_id);
    if (!variant?.is_enabled)
      throw validationFailed(`${field}.variant_id`, `variant ${item.variant_id} is not enabled on the product`);
    if (!variant.is_available)
      throw validationFailed(`${field}.variant_id`, `variant ${item.variant_id} is out of stock`);
    const offer = findOffer(findBlueprint(stored.product.blueprint_id)!, stored.product.print_provider_id)!;
    const profile = profileFor(offer, variant.id, to.country);
    if (!profile) throw validationFailed('address_to.country', `variant ${variant.id} does not ship to ${to.country}`);
    // The order's first item pays the first-item rate, every other one the additional-item rate.
    const firsts = index === 0 ? 1 : 0;
    return {
      product_id: item.product_id,
      variant_id: variant.id,
      quantity: item.quantity,
      print_provider_id: stored.product.print_provider_id,
      cost: variant.cost,
      shipping_cost: firsts * profile.first_item.cost + (item.quantity - firsts) * profile.additional_items.cost,
      status: 'on-hold',
      metadata: {
        title: stored.product.title,
        price: variant.price,
        variant_label: variant.title,
        sku: variant.sku,
        country: to.country,
      },
    };
  }

  private startProduction(order: Order): void {
    order.sent_to_production_at = printifyTime();
    for (const item of order.line_items) item.sent_to_production_at = order.sent_to_production_at;
    this.setStatus(order, 'in-production');
    this.announce(order, 'order:sent-to-production');
    this.announce(order, 'order:updated');
  }

  private ship(order: Order): void {
    order.shipments.push(shipmentTo(order.address_to.country));
    order.fulfilled_at = printifyTime();
    order.metadata.shop_fulfilled_at = order.fulfilled_at;
    for (const item of order.line_items) item.fulfilled_at = order.fulfilled_at;
    this.setStatus(order, 'fulfilled');
    this.announce(order, 'order:shipment:created', this.shipmentData(order, { shipped_at: order.fulfilled_at }));
    this.announce(order, 'order:updated');
  }

  private deliver(order: Order): void {
    const shipment = order.shipments[0]!;
    shipment.delivered_at = printifyTime();
    this.announce(order, 'order:shipment:delivered', this.shipmentData(order, { delivered_at: shipment.delivered_at }));
  }

  private setStatus(order: Order, status: OrderStatus): void {
    order.status = status;
    for (const item of order.line_items) item.status = status;
  }

  private shipmentData(order: Order, when: Record<string, string>): Record<string, unknown> {
    const { carrier, number, url } = order.shipments[0]!;
    return {
      ...when,
      carrier: { code: carrier, tracking_number: number, tracking_url: url },
      skus: order.line_items.map((item) => item.metadata.sku),
    };
  }

  private announce(
    order: Order,
    type: Parameters<PrintifyWebhooks['publish']>[0],
    extra: Record<string, unknown> = {},
  ) {
    const data = { shop_id: this.settings.shopId, status: order.status, ...extra };
    this.webhooks.publish(type, { id: order.id, type: 'order', data });
  }

  private after(ms: number, step: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      step();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}

/** A shipment as Printify reports it: USPS at home, DHL abroad, with a tracking number and page. */
function shipmentTo(country: string): Shipment {
  const digits = Array.from({ length: 22 }, () => randomInt(10)).join('');
  if (country === 'US') {
    const number = `9400${digits}`;
    return {
      carrier: 'usps',
      number,
      url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
      delivered_at: null,
    };
  }
  const number = digits.slice(0, 10);
  return {
    carrier: 'dhl',
    number,
    url: `https://www.dhl.com/en/express/tracking.html?AWB=${number}`,
    delivered_at: null,
  };
}
