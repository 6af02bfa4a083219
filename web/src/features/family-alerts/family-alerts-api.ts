import type { MessageReply, RecordsApi } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** What `GET /api/family-alerts` answers: the records message the gateway forwards (family-alerts.routes.ts). */
type OwnerFamilyAlerts = MessageReply<(typeof RecordsApi)['ownerFamilyAlerts']>;

/**
 * The owner's side of "Tell their family". The list changes only when an alert is sent, answered or left unanswered,
 * and each of those is pushed live (`family_alert`): the push invalidates the tag, so the list is kept, not polled.
 */
export const familyAlertsApi = api.enhanceEndpoints({ addTagTypes: ['FamilyAlert'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in owner's latest alerts, newest first. */
    getFamilyAlerts: build.query<OwnerFamilyAlerts, void>({
      query: () => '/api/family-alerts',
      providesTags: ['FamilyAlert'],
    }),
  }),
});

export const { useGetFamilyAlertsQuery } = familyAlertsApi;
