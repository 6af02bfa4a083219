import {
  cartCheckoutBodySchema,
  cartItemInputSchema,
  generateMockupBodySchema,
  generateTaggedMockupBodySchema,
  mockupResponseSchema,
  quantityBodySchema,
  quickCheckoutBodySchema,
  ShopApi,
  taggedMockupResponseSchema,
} from '@medical-qr/contracts';
import { emptyBodySchema } from '../billing/empty-body.js';
import { sendVersioned } from '../http/entity-version.js';
import { declareRoute } from '../routes/route-declaration.js';
import { buyerIsPremium, buyerOf } from './buyer.reader.js';
import { blueprintIdOf, cartItemIdOf, itemIndexOf, orderIdOf, printProviderIdOf } from './shop-params.js';
import { PROVIDER_TIMEOUT_MS } from './shop-timeouts.js';

const byBlueprint = { blueprintId: blueprintIdOf };
const byProvider = { blueprintId: blueprintIdOf, printProviderId: printProviderIdOf };
const byCartItem = { cartItemId: cartItemIdOf };

/** The shop's catalog, public: anyone may browse (SPEC section 6); the shop service caches Printify's answers. */
const CATALOG_ROUTES = [
  declareRoute({
    route: 'GET printify/blueprints',
    summary: 'The products the shop offers (filtered, categorised, descriptions as text)',
    access: 'anyone',
    storable: true,
    forwards: ShopApi.blueprints,
    request: () => ({}),
  }),
  declareRoute({
    route: 'GET printify/blueprints/:blueprintId',
    summary: 'One product of the shop; 404 when the shop does not offer it',
    access: 'anyone',
    storable: true,
    params: byBlueprint,
    forwards: ShopApi.blueprint,
  }),
  declareRoute({
    route: 'GET printify/blueprints/:blueprintId/print-providers',
    summary: "The product's print providers",
    access: 'anyone',
    storable: true,
    params: byBlueprint,
    forwards: ShopApi.printProviders,
  }),
  declareRoute({
    route: 'GET printify/blueprints/:blueprintId/print-providers/:printProviderId/variants',
    summary: "The provider's variants of the product that are in stock",
    access: 'anyone',
    storable: true,
    params: byProvider,
    forwards: ShopApi.variants,
  }),
  declareRoute({
    route: 'GET printify/blueprints/:blueprintId/print-providers/:printProviderId/shipping',
    summary: "The provider's shipping profiles for the product (costs in cents)",
    access: 'anyone',
    storable: true,
    params: byProvider,
    forwards: ShopApi.shipping,
  }),
];

/** Mockups of the signed-in user's own QR on a product; they need an active code (403 without one). */
const MOCKUP_ROUTES = [
  declareRoute({
    route: 'POST printify/generate-mockup',
    summary: "A preview of the user's QR on the product at the given scale; the provider cost in cents",
    body: generateMockupBodySchema,
    forwards: ShopApi.generateMockup,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    request: ({ body, userId, appUrl }) => ({ ...body, tag: null, userId, appUrl }),
    reply: {
      schema: mockupResponseSchema,
      from: ({ cost, printifyProductId, mockupUrls }) => ({ cost, printifyProductId, mockupUrls }),
    },
  }),
  declareRoute({
    name: 'generateTagged',
    route: 'POST printify/generate-mockup-with-tag',
    summary: 'The same, kept past the customizer (tag in_cart or quick_checkout): its productId goes with the order',
    body: generateTaggedMockupBodySchema,
    forwards: ShopApi.generateMockup,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    reply: {
      schema: taggedMockupResponseSchema,
      from: ({ cost, productId, mockupUrls }) => ({ cost, productId, mockupUrls }),
    },
  }),
  declareRoute({
    route: 'POST printify/cleanup-mockups',
    summary: "Removes the user's untagged previews (the customizer closed). Takes no input",
    body: emptyBodySchema,
    forwards: ShopApi.cleanupMockups,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  }),
];

/**
 * The signed-in user's cart. Lines are priced by the shop service from the provider's cost, the
 * shipping profile and the user's plan (billing's, asked fresh); prices a client sends are ignored.
 * Another user's line answers 404, like one that does not exist.
 */
const CART_ROUTES = [
  declareRoute({
    route: 'GET cart',
    summary: "The user's cart lines, oldest first, with the server's prices in cents",
    forwards: ShopApi.cartList,
  }),
  declareRoute({
    route: 'GET cart/count',
    summary: 'How many items are in the cart',
    forwards: ShopApi.cartCount,
  }),
  declareRoute({
    route: 'GET cart/shipping-address',
    summary:
      'The address the user last shipped to (their last cart line or quick checkout), to fill in the next one; null if none',
    forwards: ShopApi.savedShippingAddress,
  }),
  declareRoute({
    route: 'GET cart/:cartItemId',
    summary: 'One cart line; 404 unless it is the user’s own',
    params: byCartItem,
    forwards: ShopApi.cartGet,
  }),
  declareRoute({
    route: 'POST cart/add',
    summary:
      'Adds a line for a product made by generate-mockup(-with-tag); needs an active code (403). Prices are computed by the server',
    body: cartItemInputSchema,
    forwards: ShopApi.cartAdd,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    request: async ({ body: item, userId, appUrl, services }) => ({
      userId,
      isPremium: await buyerIsPremium(services, userId),
      appUrl,
      item,
    }),
  }),
  declareRoute({
    route: 'DELETE cart/:cartItemId',
    summary: 'Removes a line; 404 unless it is the user’s own',
    params: byCartItem,
    forwards: ShopApi.cartRemove,
  }),
  declareRoute({
    route: 'PATCH cart/:cartItemId',
    summary:
      'Changes a line’s quantity (1-10); the shipping and total follow. With If-Match (the line’s version), a change made from an older version answers 409 EDIT_CONFLICT with the line as it is now in `current`',
    params: byCartItem,
    body: quantityBodySchema,
    forwards: ShopApi.cartUpdateQuantity,
    request: async ({ body: { quantity }, params, userId, expectedVersion, services }) => ({
      userId,
      isPremium: await buyerIsPremium(services, userId),
      cartItemId: params.cartItemId,
      quantity,
      expectedVersion,
    }),
    respond: sendVersioned,
  }),
];

/**
 * Checkout: a card payment for one item or the cart, priced by the server for the buyer (identity's
 * name and email, billing's plan). The answer is the PaymentIntent's client secret for the card form;
 * the orders are made when the provider's webhook confirms the payment, and `cart_cleared` then
 * reaches the user's tabs.
 */
const CHECKOUT_ROUTES = [
  declareRoute({
    route: 'POST cart/quick-checkout',
    summary: 'Starts paying for one item without the cart; the amount is the server’s',
    body: quickCheckoutBodySchema,
    forwards: ShopApi.quickCheckout,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    request: async ({ body: { item }, userId, appUrl, services }) => ({
      ...(await buyerOf(services, userId)),
      appUrl,
      item,
    }),
  }),
  declareRoute({
    route: 'POST cart/create-checkout-session',
    summary: 'Starts paying for the cart as the server has it (optionally only the named lines)',
    body: cartCheckoutBodySchema,
    forwards: ShopApi.cartCheckout,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    request: async ({ body: { items }, userId, appUrl, services }) => {
      const cartItemIds = items?.map((item) => (typeof item === 'string' ? item : item.id));
      return { ...(await buyerOf(services, userId)), appUrl, ...(cartItemIds?.length ? { cartItemIds } : {}) };
    },
  }),
];

/** The signed-in user's orders and the printed tag of each; another user's order answers 404. */
const ORDER_ROUTES = [
  declareRoute({
    route: 'GET orders/user',
    summary: "The user's orders, newest first, each with its printed tag",
    forwards: ShopApi.ordersList,
  }),
  declareRoute({
    route: 'POST orders/:orderId/sync-status',
    summary: 'Asks Printify for the order’s status and tracking now. Takes no input',
    params: { orderId: orderIdOf },
    body: emptyBodySchema,
    forwards: ShopApi.orderSync,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  }),
  declareRoute({
    route: 'POST orders/:orderId/tags/:itemIndex/revoke',
    summary:
      'Revokes the printed tag of one item (a lost keychain): it then opens no card; the order’s other items and the user’s codes keep working',
    params: { orderId: orderIdOf, itemIndex: itemIndexOf },
    body: emptyBodySchema,
    forwards: ShopApi.revokeOrderTag,
  }),
];

/** The merch shop's routes, in the order the hand-written controllers had them (a path before `:id` its own). */
export const SHOP_ROUTES = [...CATALOG_ROUTES, ...MOCKUP_ROUTES, ...CART_ROUTES, ...CHECKOUT_ROUTES, ...ORDER_ROUTES];
