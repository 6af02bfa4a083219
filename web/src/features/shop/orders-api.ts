import type { Order } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** Puts the server's fresh copy of one order into the cached list, without asking for the whole list again. */
function replaceOrderInList(order: Order) {
  return ordersApi.util.updateQueryData('getOrders', undefined, (orders) => {
    const index = orders.findIndex((cached) => cached.id === order.id);
    if (index >= 0) orders[index] = order;
  });
}

/** The user's orders (SPEC section 7), their status sync with the printer, and revoking an item's printed tag. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A 401 is the screen's to explain ("Login Required"), not a redirect. */
    getOrders: build.query<Order[], void>({
      query: () => ({ url: '/api/orders/user', on401: 'caller' }),
      providesTags: ['Order'],
      keepUnusedDataFor: 0,
    }),
    syncOrderStatus: build.mutation<Order, string>({
      query: (id) => ({ url: `/api/orders/${encodeURIComponent(id)}/sync-status`, method: 'POST', body: {} }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replaceOrderInList(data));
      },
    }),
    /** One item's printed tag stops opening the card, for good; the order's other tags keep working. */
    revokeOrderTag: build.mutation<Order, { orderId: string; itemIndex: number }>({
      query: ({ orderId, itemIndex }) => ({
        url: `/api/orders/${encodeURIComponent(orderId)}/tags/${itemIndex}/revoke`,
        method: 'POST',
        body: {},
      }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replaceOrderInList(data));
      },
    }),
  }),
});

export const { useGetOrdersQuery, useSyncOrderStatusMutation, useRevokeOrderTagMutation } = ordersApi;
