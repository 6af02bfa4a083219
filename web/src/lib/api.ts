import { createApi } from '@reduxjs/toolkit/query/react';
import { createGatewayBaseQuery } from './base-query';

/**
 * The one RTK Query API for the gateway. It defines no endpoints: each feature adds its own with
 * `api.injectEndpoints(...)` (and `api.enhanceEndpoints({ addTagTypes })` for new tags).
 *
 * Caching follows SPEC section 7: data never goes stale, nothing refetches on focus, reconnect
 * or remount, nothing polls and nothing retries. Endpoints that need fresher data say so
 * themselves (e.g. `keepUnusedDataFor: 0`, or invalidating tags after a change).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createGatewayBaseQuery(),
  tagTypes: ['User', 'MedicalRecord', 'History', 'Premium', 'Subscription', 'Privacy', 'Cart', 'Order'],
  keepUnusedDataFor: Infinity,
  refetchOnMountOrArgChange: false,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
