import type { CartItem, CheckoutResponse, SavedShippingAddressResponse } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/**
 * One cart line as the customizer sends it (POST /api/cart/add, quick checkout). The server prices it itself from
 * the provider's cost, the country's shipping and the user's plan; title, variant label and mockup are for showing.
 */
export interface CartLineRequest {
  blueprintId: number;
  printProviderId: number;
  variantId: number;
  quantity: number;
  countryCode: string;
  shippingAddressLine1: string;
  shippingAddressLine2: string;
  shippingCity: string;
  shippingState: string;
  shippingPostalCode: string;
  /** "0.5": the QR code's size on the print area, as the cart stores it. */
  qrScale: string;
  /** The product made for this line (the tagged mockup's `productId`). */
  printifyProductId: string;
  productTitle: string;
  variantLabel: string;
  mockupUrl: string;
}

/**
 * The signed-in user's cart and its checkout (SPEC section 7). Every change refreshes what is tagged `Cart`: the
 * cart, and the header's count. A checkout's `amount` is what the card form charges, in cents.
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Asked afresh on each visit: another device may have changed it. */
    getCart: build.query<CartItem[], void>({
      query: () => '/api/cart',
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    /** The line being edited; read once per visit (it is deleted while it is saved). */
    getCartItem: build.query<CartItem, string>({
      query: (id) => `/api/cart/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
    /** The header's badge: a lost session reads as an empty cart there, never as a redirect. */
    getCartCount: build.query<{ count: number } | null, void>({
      query: () => ({ url: '/api/cart/count', on401: 'null' }),
      providesTags: ['Cart'],
    }),
    /** Where the user last shipped to, for the customizer to start from; asked afresh on each visit. */
    getSavedShippingAddress: build.query<SavedShippingAddressResponse, void>({
      query: () => '/api/cart/shipping-address',
      providesTags: ['Cart'],
      keepUnusedDataFor: 0,
    }),
    addToCart: build.mutation<CartItem, CartLineRequest>({
      query: (body) => ({ url: '/api/cart/add', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<void, string>({
      query: (id) => ({ url: `/api/cart/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    /** `version` is the line's as shown: a change over another tab's newer one is refused (EDIT_CONFLICT) and the cart refetched. */
    updateCartQuantity: build.mutation<CartItem, { id: string; quantity: number; version: number }>({
      query: ({ id, quantity, version }) => ({
        url: `/api/cart/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { quantity },
        ifMatchVersion: version,
      }),
      invalidatesTags: ['Cart'],
    }),
    /** One item, paid at once without going through the cart. */
    quickCheckout: build.mutation<CheckoutResponse, CartLineRequest>({
      query: (item) => ({ url: '/api/cart/quick-checkout', method: 'POST', body: { item } }),
    }),
    /** The whole cart, as the server has it. */
    createCheckoutSession: build.mutation<CheckoutResponse, void>({
      query: () => ({ url: '/api/cart/create-checkout-session', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useGetCartQuery,
  useGetCartItemQuery,
  useGetCartCountQuery,
  useGetSavedShippingAddressQuery,
  useAddToCartMutation,
  useRemoveCartItemMutation,
  useUpdateCartQuantityMutation,
  useQuickCheckoutMutation,
  useCreateCheckoutSessionMutation,
} = cartApi;
