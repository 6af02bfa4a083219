import type { PrivacyStatus } from '@medical-qr/contracts';
import { api } from '../../lib/api';
import type { ApiError } from '../../lib/base-query';

/**
 * Every change answers the new status: it goes straight into the status cache, so the screen shows it without
 * asking again.
 */
async function cacheNewStatus(
  queryFulfilled: Promise<{ data: PrivacyStatus }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(privacyApi.util.upsertQueryData('getPrivacyStatus', undefined, data));
  } catch {
    // Refused: the status is unchanged (a 409 asks for it again, below).
  }
}

/** A 409 says the screen is behind (already revoked, already requested, nothing to cancel): ask for the status again. */
const refreshWhenStale = (_result: unknown, error: ApiError | undefined) =>
  error?.status === 409 ? (['Privacy'] as const) : [];

/** The gateway's privacy endpoints (SPEC section 7, "Privacy"); each change needs a recent re-authentication. */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyStatus: build.query<PrivacyStatus, void>({
      query: () => '/api/privacy/status',
      providesTags: ['Privacy'],
      // Asked again on every visit: another tab or the scheduled erasure may have changed it.
      keepUnusedDataFor: 0,
    }),
    revokeConsent: build.mutation<PrivacyStatus, { reason: string }>({
      query: (body) => ({ url: '/api/privacy/revoke-consent', method: 'POST', body }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheNewStatus(queryFulfilled, dispatch),
      invalidatesTags: refreshWhenStale,
    }),
    giveConsent: build.mutation<PrivacyStatus, void>({
      query: () => ({ url: '/api/privacy/give-consent', method: 'POST', body: {} }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheNewStatus(queryFulfilled, dispatch),
      invalidatesTags: refreshWhenStale,
    }),
    requestDeletion: build.mutation<PrivacyStatus, { reason: string; immediate?: boolean }>({
      query: (body) => ({ url: '/api/privacy/request-deletion', method: 'POST', body }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheNewStatus(queryFulfilled, dispatch),
      invalidatesTags: refreshWhenStale,
    }),
    /** The whole export as a file (a mutation: it is a download asked for, never cached). */
    exportData: build.mutation<Blob, void>({
      query: () => ({ url: '/api/privacy/export-data', responseType: 'blob' }),
    }),
    cancelDeletion: build.mutation<PrivacyStatus, void>({
      query: () => ({ url: '/api/privacy/cancel-deletion', method: 'POST', body: {} }),
      onQueryStarted: (_body, { queryFulfilled, dispatch }) => cacheNewStatus(queryFulfilled, dispatch),
      invalidatesTags: refreshWhenStale,
    }),
  }),
});

export const {
  useGetPrivacyStatusQuery,
  useRevokeConsentMutation,
  useGiveConsentMutation,
  useRequestDeletionMutation,
  useCancelDeletionMutation,
  useExportDataMutation,
} = privacyApi;
