import type { EmergencyCard } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** The card behind a scanned token (SPEC section 7: GET /api/emergency/{token}); 404 when unknown or inactive. */
export const scannerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getScannedCard: build.query<EmergencyCard, string>({
      query: (token) => `/api/emergency/${encodeURIComponent(token)}`,
      // Each scan reads the card as it is now.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetScannedCardQuery } = scannerApi;
