import type {
  MessageReply,
  RecordsApi,
  CreateRecordBody,
  RecordLabelBody,
  ConfirmCodeEmailBody,
  MedicalForm,
} from '@medical-qr/contracts';
import { ErrorCodes } from '@medical-qr/contracts';
import { api } from '../../lib/api';
import { withQuery } from '../../lib/paths';

/**
 * What the gateway answers for each route: the reply of the records message the route forwards (records.routes.ts in
 * the gateway), so the screen, the route and the service are held to one declaration by the compiler.
 */
type Answer<Operation extends keyof typeof RecordsApi> = MessageReply<(typeof RecordsApi)[Operation]>;

/** Codes a page of the signed-in user's list holds ("Show more" fetches the next). */
export const RECORDS_LIST_PAGE_SIZE = 20;

/** Premium's active codes fit one page of this size (PREMIUM_MAX_ACTIVE_RECORDS is 20). */
const ACTIVE_CODES_LIMIT = 50;

/** Premium history pages stay cached this long (SPEC section 9: 5 minutes). */
const HISTORY_CACHE_SECONDS = 5 * 60;

const recordPath = (id: string) => `/api/medical-records/${encodeURIComponent(id)}`;

/** Shares one record's deletion state between the Delete button and the screen that shows the record (fixedCacheKey). */
export const deletionKeyOf = (recordId: string) => `delete-record-${recordId}`;

/** Puts a record the server answered into the history's open details, which hold it without tags (getMedicalRecord). */
function replaceOpenRecord(record: Answer<'get'>) {
  return recordsApi.util.updateQueryData('getMedicalRecord', record.id, (cached) => Object.assign(cached, record));
}

/** The gateway's medical record endpoints (SPEC section 7, "Medical records and QR"). */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's codes, newest first, as summaries, a page at a time; refreshing refetches every page shown. */
    listMedicalRecords: build.infiniteQuery<Answer<'list'>, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
      },
      query: ({ pageParam }) => withQuery('/api/medical-records', { page: pageParam, limit: RECORDS_LIST_PAGE_SIZE }),
      providesTags: ['MedicalRecord'],
    }),
    /**
     * One of the user's records in full, with its QR image: fetched fresh each time a screen opens it and dropped when
     * closed. No tags, so deleting the record does not refetch it (a 404) while its details close.
     */
    getMedicalRecord: build.query<Answer<'get'>, string>({
      query: (recordId) => recordPath(recordId),
      keepUnusedDataFor: 0,
    }),
    /** The codes that open their card now, newest first: the dashboard's code list. */
    listActiveCodes: build.query<Answer<'list'>, void>({
      query: () => withQuery('/api/medical-records', { status: 'active', limit: ACTIVE_CODES_LIMIT }),
      providesTags: ['MedicalRecord'],
    }),
    /** One code in full for the dashboard's editor; refetched after a save or delete (a deleted one answers 404). */
    getCode: build.query<Answer<'get'>, string>({
      query: (recordId) => recordPath(recordId),
      providesTags: (_result, _error, recordId) => [{ type: 'MedicalRecord', id: recordId }],
    }),
    /** Names one of the user's codes ('' removes the name). */
    setCodeLabel: build.mutation<Answer<'setLabel'>, { id: string } & RecordLabelBody>({
      query: ({ id, label }) => ({ url: `${recordPath(id)}/label`, method: 'PUT', body: { label } }),
      invalidatesTags: (result) => (result ? ['MedicalRecord'] : []),
    }),
    /** The active code, or null. */
    getActiveMedicalRecord: build.query<Answer<'active'>, void>({
      query: () => '/api/medical-records/active',
      providesTags: ['MedicalRecord'],
    }),
    /** The signed-in home page: the active record, else the newest expired one, and its contacts. */
    getDashboard: build.query<Answer<'dashboard'>, void>({
      query: () => '/api/medical-records/dashboard',
      providesTags: ['MedicalRecord'],
    }),
    /** Premium history: one page of the user's codes, searched by blood group, allergies and conditions. */
    getPremiumHistory: build.query<Answer<'history'>, { page: number; search: string }>({
      query: ({ page, search }) => withQuery('/api/medical-records/history', { page, search: search || undefined }),
      keepUnusedDataFor: HISTORY_CACHE_SECONDS,
      providesTags: ['History'],
    }),
    getEmergencyContacts: build.query<Answer<'contacts'>, string>({
      query: (recordId) => `${recordPath(recordId)}/emergency-contacts`,
      providesTags: (_result, _error, recordId) => [{ type: 'MedicalRecord', id: recordId }],
    }),
    /**
     * A new code for the signed-in user; a free user's replaces the active one, a premium user's (`addAnother`) joins
     * the others. The screen handles a 401 itself.
     */
    createMedicalRecord: build.mutation<Answer<'create'>, MedicalForm | CreateRecordBody>({
      query: (body) => ({ url: '/api/medical-records', method: 'POST', body, on401: 'caller' }),
      invalidatesTags: (result) => (result ? ['MedicalRecord', 'History'] : []),
    }),
    /**
     * Edits a record in place: the same code and expiry, so printed copies show the new details. A
     * code that was replaced or has expired (409, 410) refreshes the dashboard to what is current. `version` is the
     * one the form was filled from: a save over a newer one (another tab's) is refused with EDIT_CONFLICT.
     */
    updateMedicalRecord: build.mutation<Answer<'update'>, { id: string; form: MedicalForm; version: number }>({
      query: ({ id, form, version }) => ({
        url: recordPath(id),
        method: 'PUT',
        body: form,
        ifMatchVersion: version,
        on401: 'caller',
      }),
      // A save refused for an older version leaves the screen as it is: the person chooses what to keep.
      invalidatesTags: (result, error) =>
        result || (error && error.code !== ErrorCodes.EDIT_CONFLICT && (error.status === 409 || error.status === 410))
          ? ['MedicalRecord', 'History']
          : [],
    }),
    /**
     * "These facts are still right": the record's facts are dated as checked now, nothing else changes (not the
     * version, so an open form still saves). Refreshes every view of the record; a code replaced or expired meanwhile
     * (409, 410) or gone (404) refreshes the screen to what is current.
     */
    confirmFacts: build.mutation<Answer<'confirmFacts'>, string>({
      query: (recordId) => ({ url: `${recordPath(recordId)}/confirm-facts`, method: 'POST', body: {} }),
      async onQueryStarted(_recordId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replaceOpenRecord(data));
      },
      invalidatesTags: (result, error) =>
        result || (error && (error.status === 404 || error.status === 409 || error.status === 410))
          ? ['MedicalRecord']
          : [],
    }),
    /** The one free trial code an email may have. */
    createAnonymousMedicalRecord: build.mutation<Answer<'createAnonymous'>, MedicalForm>({
      query: (body) => ({ url: '/api/anonymous-medical-record', method: 'POST', body }),
    }),
    /** Follows the link mailed with a free code: proves its email, once, so the code may join that email's account. */
    confirmCodeEmail: build.mutation<Answer<'confirmAnonymousEmail'>, ConfirmCodeEmailBody>({
      query: (body) => ({ url: '/api/anonymous-medical-record/confirm-email', method: 'POST', body }),
    }),
    // Refreshes on failure too: a 404 means the record is already gone.
    deleteMedicalRecord: build.mutation<Answer<'delete'>, string>({
      query: (recordId) => ({ url: recordPath(recordId), method: 'DELETE' }),
      invalidatesTags: ['MedicalRecord', 'History'],
    }),
  }),
});

export const {
  useListMedicalRecordsInfiniteQuery,
  useGetMedicalRecordQuery,
  useGetActiveMedicalRecordQuery,
  useGetDashboardQuery,
  useListActiveCodesQuery,
  useGetCodeQuery,
  useSetCodeLabelMutation,
  useGetEmergencyContactsQuery,
  useGetPremiumHistoryQuery,
  useCreateMedicalRecordMutation,
  useUpdateMedicalRecordMutation,
  useConfirmFactsMutation,
  useCreateAnonymousMedicalRecordMutation,
  useConfirmCodeEmailMutation,
  useDeleteMedicalRecordMutation,
} = recordsApi;
