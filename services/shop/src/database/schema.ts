import { integer, jsonb, numeric, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from './sealed-columns.js';

export const shopSchema = pgSchema('shop');

/** What a mockup, a cart line and an order are of: the product, its print provider and variant, named as when chosen. */
const productColumns = () => ({
  blueprintId: integer('blueprint_id').notNull(),
  printProviderId: integer('print_provider_id').notNull(),
  variantId: integer('variant_id').notNull(),
  productTitle: text('product_title').notNull(),
  variantLabel: text('variant_label').notNull(),
});

/** Where a cart line or an order ships: sealed at rest, but for the country (shipping is priced by it). */
const shipToColumns = (table: string) => ({
  countryCode: text('country_code').notNull(),
  addressLine1: sealedText(`${table}.address_line1`)('address_line1').notNull(),
  addressLine2: sealedText(`${table}.address_line2`)('address_line2').notNull().default(''),
  city: sealedText(`${table}.city`)('city').notNull(),
  state: sealedText(`${table}.state`)('state').notNull(),
  postalCode: sealedText(`${table}.postal_code`)('postal_code').notNull(),
});

export const mockups = shopSchema.table('mockups', {
  printifyProductId: text('printify_product_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  ...productColumns(),
  qrScale: numeric('qr_scale', { precision: 3, scale: 2 }).notNull(),
  cost: integer('cost').notNull(),
  mockupUrls: jsonb('mockup_urls').$type<string[]>().notNull(),
  tag: text('tag').$type<'in_cart' | 'quick_checkout' | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MockupRow = typeof mockups.$inferSelect;

export const cartItems = shopSchema.table('cart_items', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  medicalRecordId: uuid('medical_record_id'),
  ...productColumns(),
  quantity: integer('quantity').notNull(),
  unitPrice: integer('unit_price').notNull(),
  discount: integer('discount').notNull(),
  shippingFirst: integer('shipping_first').notNull(),
  shippingAdditional: integer('shipping_additional').notNull(),
  ...shipToColumns('cart_items'),
  mockupUrl: text('mockup_url').notNull(),
  qrScale: numeric('qr_scale', { precision: 3, scale: 2 }).notNull(),
  printifyProductId: text('printify_product_id').notNull(),
  /** Raised by one on each quantity change; a change from an older version is refused (CartService.updateQuantity). */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = typeof cartItems.$inferInsert;

/** A line as a checkout freezes it: what will be ordered and what it cost. */
export interface CheckoutLine {
  cartItemId: string | null;
  blueprintId: number;
  printProviderId: number;
  variantId: number;
  productTitle: string;
  variantLabel: string;
  quantity: number;
  itemTotal: number;
  countryCode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  qrScale: string;
  mockupUrl: string;
  printifyProductId: string;
}

export const checkouts = shopSchema.table('checkouts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<'quick' | 'cart'>().notNull(),
  /** Sealed: each line holds where it ships. */
  lines: sealedJson<CheckoutLine[]>('checkouts.lines')('lines').notNull(),
  amount: integer('amount').notNull(),
  buyerEmail: sealedText('checkouts.buyer_email')('buyer_email').notNull(),
  buyerName: sealedText('checkouts.buyer_name')('buyer_name').notNull(),
  appUrl: text('app_url').notNull(),
  paymentIntentId: text('payment_intent_id').unique(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CheckoutRow = typeof checkouts.$inferSelect;

export const orders = shopSchema.table(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    lineIndex: integer('line_index').notNull(),
    ...productColumns(),
    quantity: integer('quantity').notNull(),
    totalPrice: integer('total_price').notNull(),
    ...shipToColumns('orders'),
    qrScale: numeric('qr_scale', { precision: 3, scale: 2 }).notNull(),
    mockupUrl: text('mockup_url').notNull(),
    buyerEmail: sealedText('orders.buyer_email')('buyer_email').notNull(),
    buyerName: sealedText('orders.buyer_name')('buyer_name').notNull(),
    appUrl: text('app_url').notNull(),
    status: text('status').notNull(),
    printifyStatus: text('printify_status'),
    printifyProductIds: jsonb('printify_product_ids').$type<string[]>().notNull().default([]),
    printifyOrderId: text('printify_order_id'),
    sentToProductionAt: timestamp('sent_to_production_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    lastError: text('last_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.checkoutId, table.lineIndex)],
);
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** The address each user last shipped to (sealed like every ship-to), to fill in their next order. */
export const shippingAddresses = shopSchema.table('shipping_addresses', {
  userId: uuid('user_id').primaryKey(),
  ...shipToColumns('shipping_addresses'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ShippingAddressRow = typeof shippingAddresses.$inferSelect;
