import { z } from 'zod';
import { EXPORT_PAGE_SIZES, keysetPageSchema, pageCursorSchema } from '../paging.js';
import { printedReferenceSchema } from '../printed-reference.js';
import { MERCH_QUANTITY_MAX, MERCH_QUANTITY_MIN } from './merch-pricing.js';

export * from './shop-placeholders.js';

/** Facts the shop publishes. */
export const ShopEvents = {
  /** A paid checkout became orders and emptied the lines it paid for; gateways push `cart_cleared`. */
  cartCleared: 'cart.cleared',
} as const;

/** Section 8's shop texts, and the ones the shop service answers with. */
export const ShopMessages = {
  cartLineChanged:
    'This line was changed in another tab. It shows the quantity saved now; change it again if you want.',
  loadProductFailed: 'Failed to load product details. Please try again.',
  addedToCart: 'Added to cart',
  cartUpdated: 'Cart updated',
  addFailed: 'Failed to add item to cart',
  updateFailed: 'Failed to update item',
  removeOldFailed: 'Failed to remove old item',
  prepareForCartFailed: 'Failed to prepare product for cart. Please try again.',
  prepareForCheckoutFailed: 'Failed to prepare product for checkout. Please try again.',
  checkoutSessionFailed: 'Failed to create checkout session',
  itemRemoved: 'Item removed',
  removeFailed: 'Failed to remove item',
  quantityUpdated: 'Quantity updated',
  quantityUpdateFailed: 'Failed to update quantity',
  statusUpdated: 'Status Updated',
  syncFailed: 'Sync Failed',
  syncFailedDescription: 'Failed to sync order status',
  ordersLoadFailed: 'Unable to Load Orders',
  loginRequired: 'Login Required',
  orderPlaced: 'Order Placed!',
  orderPlacedDescription: 'Thank you for your purchase.',
  noProducts: 'No products found matching your search',
  /** Server answers. */
  activeRecordRequired: 'You need an active emergency QR code to order merchandise. Create or renew your code first.',
  printifyUnavailable: 'The print shop is not answering right now. Please try again in a few minutes.',
  productNotFound: 'This product is not in the shop.',
  printProviderNotFound: 'This print provider does not make this product.',
  variantNotAvailable: 'This variant is not available (out of stock or not offered).',
  mockupNotFound: 'This product preview has expired. Please generate it again.',
  cartItemNotFound: 'Cart item not found',
  cartEmpty: 'Your cart is empty.',
  orderNotFound: 'Order not found',
  tagNotFound: 'This item has no printed tag.',
  imageNotAllowed: 'Only https image URLs from the print shop can be shown.',
  imageUnavailable: 'The image could not be fetched from the print shop.',
  mockupNotYours: 'There is no such mockup among yours.',
  /** Printify's webhooks (POST /api/printify/webhook). */
  webhookUnsigned: 'The webhook has no X-Pfy-Signature header.',
  webhookEmpty: 'The webhook has no JSON body.',
  webhookTooLarge: 'The webhook is larger than any Printify event.',
  webhookSignature: "The X-Pfy-Signature header does not match this payload under the webhook's secret.",
  webhookNotAnEvent: 'The webhook is not a Printify event.',
  webhooksOff: 'Printify webhooks are not configured on this server.',
} as const;

/** Section 4's order statuses and their labels; anything else shows as pending. */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'failed',
  'test_order',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  failed: 'Failed',
  test_order: 'Test Order',
};
/** The label of any status string; unknown ones read as Pending. */
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? ORDER_STATUS_LABELS.pending;
}
/** Statuses after which nothing changes any more: the sync job stops asking. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled', 'failed'];

export const MOCKUP_TAGS = ['in_cart', 'quick_checkout'] as const;
export type MockupTag = (typeof MOCKUP_TAGS)[number];
/** QR size on the print area: 0 to 1 in steps of 0.01 (SPEC section 5). */
export const QR_SCALE_MIN = 0;
export const QR_SCALE_MAX = 1;
export const QR_SCALE_DEFAULT = 0.5;
/** Section 9: slider changes regenerate the mockup after this pause. */
export const MOCKUP_SLIDER_DEBOUNCE_MS = 2000;

const userId = z.uuid();
const positiveId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`)
    .max(2_147_483_647, `${what} is too large`);
export const blueprintIdSchema = positiveId('blueprintId');
export const printProviderIdSchema = positiveId('printProviderId');
export const variantIdSchema = positiveId('variantId');
export const qrScaleSchema = z
  .number({ error: 'scale must be a number from 0 to 1' })
  .min(QR_SCALE_MIN, 'scale must be at least 0')
  .max(QR_SCALE_MAX, 'scale must be at most 1')
  .refine((scale) => Math.abs(scale * 100 - Math.round(scale * 100)) < 1e-9, 'scale moves in steps of 0.01');
export const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(MERCH_QUANTITY_MIN, `quantity must be at least ${MERCH_QUANTITY_MIN}`)
  .max(MERCH_QUANTITY_MAX, `quantity must be at most ${MERCH_QUANTITY_MAX}`);
export const cartItemIdSchema = z.uuid('not a valid cart item id');
export const orderIdSchema = z.uuid('not a valid order id');
const requiredLine = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`);

/* ---------- Catalog (HTTP shapes, also the NATS replies) ---------- */

export const blueprintSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Printify's description with its markup stripped. */
  description: z.string(),
  brand: z.string(),
  model: z.string(),
  images: z.array(z.string()),
  /** The shop category it falls under (section 5). */
  category: z.string(),
});
export type Blueprint = z.infer<typeof blueprintSchema>;

export const printProviderSchema = z.object({ id: z.number().int(), title: z.string() });
export type PrintProvider = z.infer<typeof printProviderSchema>;

export const variantSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  options: z.record(z.string(), z.string()),
});
export type Variant = z.infer<typeof variantSchema>;
export const variantsResponseSchema = z.object({ variants: z.array(variantSchema) });
export type VariantsResponse = z.infer<typeof variantsResponseSchema>;

export const shippingProfileSchema = z.object({
  variant_ids: z.array(z.number().int()),
  countries: z.array(z.string()),
  first_item: z.object({ cost: z.number().int(), currency: z.string() }),
  additional_items: z.object({ cost: z.number().int(), currency: z.string() }),
});
export const shippingResponseSchema = z.object({
  handling_time: z.object({ value: z.number(), unit: z.string() }).optional(),
  profiles: z.array(shippingProfileSchema),
});
export type ShippingResponse = z.infer<typeof shippingResponseSchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const countriesResponseSchema = z.array(countrySchema);

export const mapsConfigSchema = z.object({
  /** Null when no maps key is configured: the address form stays plain fields. */
  apiKey: z.string().nullable(),
});
export type MapsConfig = z.infer<typeof mapsConfigSchema>;

export const blueprintRequestSchema = z.strictObject({ blueprintId: blueprintIdSchema });
export const printProviderRequestSchema = blueprintRequestSchema.extend({ printProviderId: printProviderIdSchema });

/* ---------- Mockups ---------- */

/** HTTP body of POST /api/printify/generate-mockup(-with-tag). */
export const generateMockupBodySchema = z.strictObject({
  blueprintId: blueprintIdSchema,
  printProviderId: printProviderIdSchema,
  variantId: variantIdSchema,
  scale: qrScaleSchema.default(QR_SCALE_DEFAULT),
});
export const generateTaggedMockupBodySchema = generateMockupBodySchema.extend({
  tag: z.enum(MOCKUP_TAGS, { error: 'tag must be in_cart or quick_checkout' }),
});
export const generateMockupRequestSchema = generateMockupBodySchema.extend({
  userId,
  appUrl: z.url().max(200),
  tag: z.enum(MOCKUP_TAGS).nullable().default(null),
});
export type GenerateMockupRequest = z.infer<typeof generateMockupRequestSchema>;

export const mockupResponseSchema = z.object({
  /** The provider's cost of one item of this variant, in cents. */
  cost: z.number().int(),
  printifyProductId: z.string(),
  mockupUrls: z.array(z.string()),
});
export type MockupResponse = z.infer<typeof mockupResponseSchema>;
export const taggedMockupResponseSchema = z.object({
  mockupUrls: z.array(z.string()),
  productId: z.string(),
  cost: z.number().int(),
});
export type TaggedMockupResponse = z.infer<typeof taggedMockupResponseSchema>;
/** A generated mockup as the shop answers it: both of the gateway's views (a preview's and a tagged one's). */
export const generatedMockupReplySchema = mockupResponseSchema.extend(taggedMockupResponseSchema.shape);
export const cleanupResponseSchema = z.object({ removed: z.number().int() });
export const cleanupRequestSchema = z.strictObject({ userId });

/** Printify product ids are 24 hex digits; the stand-in's are plain too. */
export const mockupOwnedRequestSchema = z.strictObject({
  userId,
  printifyProductId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type MockupOwnedRequest = z.infer<typeof mockupOwnedRequestSchema>;
export const mockupOwnedReplySchema = z.object({ owned: z.boolean() });
export type MockupOwnedReply = z.infer<typeof mockupOwnedReplySchema>;

/* ---------- Cart ---------- */

/**
 * What the client sends for a cart line. Prices may come along (the spec's cart item carries them) but the server
 * ignores them and stores its own, computed from the provider's cost, the country's shipping and the user's plan.
 */
export const cartItemInputSchema = z.object({
  blueprintId: blueprintIdSchema,
  printProviderId: printProviderIdSchema,
  variantId: variantIdSchema,
  quantity: quantitySchema,
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'countryCode must be a two-letter country code'),
  shippingAddressLine1: requiredLine('Address line 1', 200),
  shippingAddressLine2: z.string().trim().max(200, 'Address line 2 is at most 200 characters').optional().default(''),
  shippingCity: requiredLine('City', 100),
  shippingState: requiredLine('State', 100),
  shippingPostalCode: requiredLine('Postal code', 20),
  qrScale: z
    .union([z.string().max(10), z.number()])
    .transform(Number)
    .pipe(qrScaleSchema),
  /** The product made for this line's mockup (from generate-mockup). */
  printifyProductId: z.string().min(1).max(64),
  /** Ignored: the server's own values are stored. */
  productTitle: z.string().max(300).optional(),
  variantLabel: z.string().max(300).optional(),
  mockupUrl: z.string().max(2048).optional(),
  unitPrice: z.unknown().optional(),
  shippingFirst: z.unknown().optional(),
  shippingAdditional: z.unknown().optional(),
  discount: z.unknown().optional(),
  medicalRecordId: z.unknown().optional(),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const cartItemSchema = z.object({
  id: z.uuid(),
  medicalRecordId: z.uuid().nullable(),
  blueprintId: z.number().int(),
  variantId: z.number().int(),
  printProviderId: z.number().int(),
  productTitle: z.string(),
  variantLabel: z.string(),
  quantity: z.number().int(),
  /** Cents, all computed by the server. */
  unitPrice: z.number().int(),
  shippingFirst: z.number().int(),
  shippingAdditional: z.number().int(),
  discount: z.number().int(),
  /** (unitPrice - discount) x quantity + shipping. */
  itemTotal: z.number().int(),
  countryCode: z.string(),
  shippingAddressLine1: z.string(),
  shippingAddressLine2: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingPostalCode: z.string(),
  mockupUrl: z.string(),
  qrScale: z.string(),
  printifyProductId: z.string(),
  /** Raised by one on each quantity change; a change names the version it was made from (`If-Match`). */
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartResponseSchema = z.array(cartItemSchema);
export const cartCountSchema = z.object({ count: z.number().int() });

/** `GET /api/cart/shipping-address`: where the user last shipped to, saved with their last cart line or quick checkout. */
export const savedShippingAddressSchema = cartItemSchema
  .pick({
    countryCode: true,
    shippingAddressLine1: true,
    shippingAddressLine2: true,
    shippingCity: true,
    shippingState: true,
    shippingPostalCode: true,
  })
  .extend({ updatedAt: z.iso.datetime() });
export type SavedShippingAddress = z.infer<typeof savedShippingAddressSchema>;
/** None until the first cart line or quick checkout. */
export const savedShippingAddressResponseSchema = z.object({ address: savedShippingAddressSchema.nullable() });
export type SavedShippingAddressResponse = z.infer<typeof savedShippingAddressResponseSchema>;
export const quantityBodySchema = z.strictObject({ quantity: quantitySchema });

export const cartOwnerRequestSchema = z.strictObject({ userId });
export const cartRemovedSchema = z.object({ deleted: z.literal(true) });
export const cartItemRequestSchema = z.strictObject({ userId, cartItemId: cartItemIdSchema });
export const cartAddRequestSchema = z.strictObject({
  userId,
  isPremium: z.boolean(),
  appUrl: z.url().max(200),
  item: cartItemInputSchema,
});
export const cartQuantityRequestSchema = cartItemRequestSchema.extend({
  isPremium: z.boolean(),
  quantity: quantitySchema,
  /** The version the change was made from (the request's `If-Match`); absent, the change does not check it. */
  expectedVersion: z.number().int().positive().optional(),
});

/* ---------- Checkout ---------- */

export const quickCheckoutBodySchema = z.strictObject({ item: cartItemInputSchema });
/** Cart checkout pays for the user's whole cart as the server has it; `items` (ids) may narrow it. */
export const cartCheckoutBodySchema = z.strictObject({
  items: z
    .array(z.union([cartItemIdSchema, z.object({ id: cartItemIdSchema }).loose()]))
    .max(100)
    .optional(),
});
const payer = {
  userId,
  email: z.string().min(3).max(320),
  name: z.string().max(200),
  isPremium: z.boolean(),
  appUrl: z.url().max(200),
};
export const quickCheckoutRequestSchema = z.strictObject({ ...payer, item: cartItemInputSchema });
export const cartCheckoutRequestSchema = z.strictObject({
  ...payer,
  cartItemIds: z.array(z.uuid()).max(100).optional(),
});
export const checkoutResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** What the card form charges, in cents, so "Pay $X" matches the server. */
  amount: z.number().int(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/* ---------- Orders and their printed tags ---------- */

export const orderTagSchema = z.object({
  /** Which item of the order carries it (0 to quantity - 1). */
  itemIndex: z.number().int(),
  /** The link printed on the item: it opens the owner's current card. */
  url: z.string(),
  tokenPrefix: z.string(),
  /** The reference printed under the item's QR (`K7QM 4XPD`), texted by a responder without data; absent until it has one. */
  reference: printedReferenceSchema.optional(),
  revokedAt: z.iso.datetime().nullable(),
});
export type OrderTag = z.infer<typeof orderTagSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  productTitle: z.string(),
  variantLabel: z.string(),
  quantity: z.number().int(),
  /** Cents paid for this line, shipping included. */
  totalPrice: z.number().int(),
  createdAt: z.iso.datetime(),
  /** One of ORDER_STATUSES. */
  status: z.string(),
  /** Printify's own status word, as last seen. */
  printifyStatus: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  mockupUrl: z.string(),
  /** One printed tag per item, once the order has gone to print; each can be revoked alone. */
  tags: z.array(orderTagSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = z.array(orderSchema);
export const orderRequestSchema = z.strictObject({ userId, orderId: orderIdSchema, appUrl: z.url().max(200) });
export const orderTagRequestSchema = orderRequestSchema.extend({
  itemIndex: z.coerce
    .number({ error: 'itemIndex must be a number' })
    .int('itemIndex must be a whole number')
    .min(0)
    .max(MERCH_QUANTITY_MAX - 1),
});
export const ordersListRequestSchema = z.strictObject({ userId, appUrl: z.url().max(200) });
/** One page of the person's orders for their export, newest first (as `ordersList`), each with its printed tags. */
export const ordersExportPageRequestSchema = ordersListRequestSchema.extend({
  /** Null: the first page. */
  cursor: pageCursorSchema.nullable().default(null),
});
export const ordersExportPageSchema = keysetPageSchema('orders', orderSchema, EXPORT_PAGE_SIZES.orders);

/* ---------- Payment (billing takes the money, shop makes the order) ---------- */

export const cartClearedSchema = z.object({ userId });
export type CartCleared = z.infer<typeof cartClearedSchema>;

/* ---------- Printify's webhooks ---------- */

/** Printify's order events are a few kB; a body far larger than that is not one of them. */
export const PRINTIFY_WEBHOOK_MAX_BYTES = 64 * 1024;

/** What the gateway forwards: the body exactly as sent (the signature covers its bytes) and the X-Pfy-Signature header. */
export const printifyWebhookRequestSchema = z.strictObject({
  payload: z.string().min(1).max(PRINTIFY_WEBHOOK_MAX_BYTES),
  signature: z.string().min(1).max(200),
});
export type PrintifyWebhookRequest = z.infer<typeof printifyWebhookRequestSchema>;
