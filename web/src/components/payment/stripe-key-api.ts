import type { StripeKeyResponse } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** The card form's configuration, shared by every screen that takes a card (subscribe, checkout). */
export const stripeKeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The card form's publishable key; `apiUrl` when a local stand-in takes the payments. */
    getStripeKey: build.query<StripeKeyResponse, void>({
      query: () => '/api/config/stripe-key',
    }),
  }),
});

export const { useGetStripeKeyQuery, useLazyGetStripeKeyQuery } = stripeKeyApi;
