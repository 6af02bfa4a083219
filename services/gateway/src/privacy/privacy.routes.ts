import {
  AuditActions,
  emptyPrivacyBodySchema,
  PrivacyApi,
  requestDeletionBodySchema,
  revokeConsentBodySchema,
} from '@medical-qr/contracts';
import { declareRoute } from '../routes/route-declaration.js';

/**
 * Privacy controls (SPEC section 7): the status for the signed-in person, and the changes, each behind a
 * re-authentication within the last 10 minutes and written to the audit log. Every change answers the new status;
 * the reason is kept by the privacy service, not in the audit log. The export is a streamed download, written by
 * hand in export.controller.ts.
 */
export const PRIVACY_ROUTES = [
  declareRoute({
    route: 'GET privacy/status',
    summary: 'The deletion request (none, requested or cancelled, with its dates) and the consent',
    forwards: PrivacyApi.status,
  }),
  declareRoute({
    route: 'POST privacy/revoke-consent',
    summary:
      "Revokes consent: the person's cards and printed tags answer 404 until consent is given again. 403 REAUTH_REQUIRED without a re-authentication in the last 10 minutes",
    access: 'reauth',
    body: revokeConsentBodySchema,
    forwards: PrivacyApi.revokeConsent,
    audit: { action: AuditActions.consentRevoked },
  }),
  declareRoute({
    route: 'POST privacy/give-consent',
    summary: "Gives consent again: the person's cards and printed tags show their data again",
    access: 'reauth',
    body: emptyPrivacyBodySchema,
    forwards: PrivacyApi.giveConsent,
    request: ({ userId }) => ({ userId, reason: '' }),
    audit: { action: AuditActions.consentGiven },
  }),
  declareRoute({
    route: 'POST privacy/request-deletion',
    summary:
      'Schedules the erasure of all the person’s data 30 days out (cancellable until then), or with `immediate: true` erases it now (the saga runs at once; sessions end when it is done); 409 when already scheduled and not immediate',
    access: 'reauth',
    body: requestDeletionBodySchema,
    forwards: PrivacyApi.requestDeletion,
    audit: {
      action: AuditActions.deletionRequested,
      details: (_status, { body }) => (body.immediate ? { immediate: true } : undefined),
    },
  }),
  declareRoute({
    route: 'POST privacy/cancel-deletion',
    summary: 'Cancels a pending deletion request; 409 when none is pending',
    access: 'reauth',
    body: emptyPrivacyBodySchema,
    forwards: PrivacyApi.cancelDeletion,
    audit: { action: AuditActions.deletionCancelled },
  }),
];
