import type { CreateHealthLinkBody, MessageReply, RecordsApi } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** What the gateway answers for each route: the reply of the records message it forwards. */
type Answer<Operation extends keyof typeof RecordsApi> = MessageReply<(typeof RecordsApi)[Operation]>;

const linkPath = (id: string) => `/api/health-links/${encodeURIComponent(id)}`;

/**
 * The owner's SMART Health Links (step 18). The list changes when the owner makes or revokes a link, and when a reader
 * opens one: that is pushed live (`health_link_opened`), which invalidates the tag, so the list is kept, not polled.
 */
export const healthLinksApi = api.enhanceEndpoints({ addTagTypes: ['HealthLink'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in owner's links, newest first, with who opened each. */
    listHealthLinks: build.query<Answer<'listHealthLinks'>, void>({
      query: () => '/api/health-links',
      providesTags: ['HealthLink'],
    }),
    /** Makes a link: the answer holds its key, shown once (the server does not keep it). */
    createHealthLink: build.mutation<Answer<'createHealthLink'>, CreateHealthLinkBody>({
      query: (body) => ({ url: '/api/health-links', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['HealthLink'] : []),
    }),
    /** Revokes a link: it stops opening at once. */
    revokeHealthLink: build.mutation<Answer<'revokeHealthLink'>, string>({
      query: (id) => ({ url: linkPath(id), method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['HealthLink'] : []),
    }),
  }),
});

export const { useListHealthLinksQuery, useCreateHealthLinkMutation, useRevokeHealthLinkMutation } = healthLinksApi;
