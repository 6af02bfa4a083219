import { z } from 'zod';
import { webhookReceivedSchema } from '../billing.js';
import { ErrorCodes } from '../error-codes.js';
import { declareMessage, patternsOf } from '../message.js';
import { erasedSchema, eraseUserRequestSchema } from '../privacy.js';
import {
  blueprintRequestSchema,
  blueprintSchema,
  cartAddRequestSchema,
  cartCheckoutRequestSchema,
  quickCheckoutRequestSchema,
  cartCountSchema,
  cartItemRequestSchema,
  cartItemSchema,
  cartOwnerRequestSchema,
  cartQuantityRequestSchema,
  cartRemovedSchema,
  cartResponseSchema,
  checkoutResponseSchema,
  cleanupRequestSchema,
  cleanupResponseSchema,
  generatedMockupReplySchema,
  generateMockupRequestSchema,
  mockupOwnedReplySchema,
  mockupOwnedRequestSchema,
  orderRequestSchema,
  orderSchema,
  ordersExportPageRequestSchema,
  ordersExportPageSchema,
  ordersListRequestSchema,
  ordersResponseSchema,
  orderTagRequestSchema,
  printifyWebhookRequestSchema,
  printProviderRequestSchema,
  printProviderSchema,
  savedShippingAddressResponseSchema,
  shippingResponseSchema,
  variantsResponseSchema,
} from './shop-api.js';

const { NOT_FOUND, CONFLICT, EDIT_CONFLICT, FORBIDDEN } = ErrorCodes;

/**
 * Every request/reply message the shop service answers, declared once. In a file of its own: erasure's
 * schemas come from privacy.ts, which itself reads the shop's schemas in shop-api.ts.
 */
export const ShopApi = {
  blueprints: declareMessage('shop.blueprints.list', {
    request: z.strictObject({}),
    reply: z.array(blueprintSchema),
  }),
  blueprint: declareMessage('shop.blueprint.get', {
    request: blueprintRequestSchema,
    reply: blueprintSchema,
    errors: [NOT_FOUND],
  }),
  printProviders: declareMessage('shop.print-providers.list', {
    request: blueprintRequestSchema,
    reply: z.array(printProviderSchema),
    errors: [NOT_FOUND],
  }),
  variants: declareMessage('shop.variants.list', {
    request: printProviderRequestSchema,
    reply: variantsResponseSchema,
    errors: [NOT_FOUND],
  }),
  shipping: declareMessage('shop.shipping.get', {
    request: printProviderRequestSchema,
    reply: shippingResponseSchema,
    errors: [NOT_FOUND],
  }),
  generateMockup: declareMessage('shop.mockup.generate', {
    request: generateMockupRequestSchema,
    reply: generatedMockupReplySchema,
    errors: [FORBIDDEN, NOT_FOUND],
  }),
  cleanupMockups: declareMessage('shop.mockups.cleanup', {
    request: cleanupRequestSchema,
    reply: cleanupResponseSchema,
  }),
  /** Whether a mockup's product is the user's (a preview, a cart line or an order of theirs): its picture shows their card. */
  mockupOwned: declareMessage('shop.mockup.owned', {
    request: mockupOwnedRequestSchema,
    reply: mockupOwnedReplySchema,
  }),
  cartList: declareMessage('shop.cart.list', {
    request: cartOwnerRequestSchema,
    reply: cartResponseSchema,
  }),
  cartGet: declareMessage('shop.cart.get', {
    request: cartItemRequestSchema,
    reply: cartItemSchema,
    errors: [NOT_FOUND],
  }),
  cartCount: declareMessage('shop.cart.count', {
    request: cartOwnerRequestSchema,
    reply: cartCountSchema,
  }),
  cartAdd: declareMessage('shop.cart.add', {
    request: cartAddRequestSchema,
    reply: cartItemSchema,
    errors: [FORBIDDEN, CONFLICT, NOT_FOUND],
  }),
  cartRemove: declareMessage('shop.cart.remove', {
    request: cartItemRequestSchema,
    reply: cartRemovedSchema,
    errors: [NOT_FOUND],
  }),
  cartUpdateQuantity: declareMessage('shop.cart.update-quantity', {
    request: cartQuantityRequestSchema,
    reply: cartItemSchema,
    errors: [NOT_FOUND, EDIT_CONFLICT],
  }),
  quickCheckout: declareMessage('shop.checkout.quick', {
    request: quickCheckoutRequestSchema,
    reply: checkoutResponseSchema,
    errors: [FORBIDDEN, NOT_FOUND],
  }),
  cartCheckout: declareMessage('shop.checkout.cart', {
    request: cartCheckoutRequestSchema,
    reply: checkoutResponseSchema,
    errors: [FORBIDDEN, NOT_FOUND],
  }),
  ordersList: declareMessage('shop.orders.list', {
    request: ordersListRequestSchema,
    reply: ordersResponseSchema,
  }),
  /** One page of the person's orders, for their export (privacy asks; bounded, EXPORT_PAGE_SIZES). */
  ordersExportPage: declareMessage('shop.orders.export-page', {
    request: ordersExportPageRequestSchema,
    reply: ordersExportPageSchema,
    calledBy: 'services',
  }),
  orderSync: declareMessage('shop.order.sync', {
    request: orderRequestSchema,
    reply: orderSchema,
    errors: [NOT_FOUND],
  }),
  revokeOrderTag: declareMessage('shop.order-tag.revoke', {
    request: orderTagRequestSchema,
    reply: orderSchema,
    errors: [NOT_FOUND],
  }),
  /** The address the user last shipped to (a cart line or a quick checkout), to fill in the next one; also exported. */
  savedShippingAddress: declareMessage('shop.shipping-address.get', {
    request: cartOwnerRequestSchema,
    reply: savedShippingAddressResponseSchema,
  }),
  /** Erasure (privacy's saga): cart, mockups and checkouts gone; orders kept for the accounts without personal data. */
  eraseUser: declareMessage('shop.user.erase', {
    request: eraseUserRequestSchema,
    reply: erasedSchema,
    calledBy: 'services',
  }),
  /** Printify's order webhooks, as the gateway received them (raw body and X-Pfy-Signature). */
  receiveWebhook: declareMessage('shop.webhook.receive', {
    request: printifyWebhookRequestSchema,
    reply: webhookReceivedSchema,
  }),
} as const;

/** Request/reply patterns the shop service answers. */
export const ShopPatterns = patternsOf(ShopApi);
