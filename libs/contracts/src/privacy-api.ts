import { ErrorCodes } from './error-codes.js';
import { declareMessage, patternsOf } from './message.js';
import {
  personalDataExportSchema,
  privacyExportRequestSchema,
  privacyReasonRequestSchema,
  privacyStatusSchema,
  privacyUserRequestSchema,
  requestDeletionRequestSchema,
} from './privacy.js';

const { CONFLICT } = ErrorCodes;

/** Every request/reply message the privacy service answers, declared once; each change answers the new status. */
export const PrivacyApi = {
  status: declareMessage('privacy.status.get', {
    request: privacyUserRequestSchema,
    reply: privacyStatusSchema,
  }),
  revokeConsent: declareMessage('privacy.consent.revoke', {
    request: privacyReasonRequestSchema,
    reply: privacyStatusSchema,
    errors: [CONFLICT],
  }),
  giveConsent: declareMessage('privacy.consent.give', {
    request: privacyReasonRequestSchema,
    reply: privacyStatusSchema,
    errors: [CONFLICT],
  }),
  requestDeletion: declareMessage('privacy.deletion.request', {
    request: requestDeletionRequestSchema,
    reply: privacyStatusSchema,
    errors: [CONFLICT],
  }),
  cancelDeletion: declareMessage('privacy.deletion.cancel', {
    request: privacyUserRequestSchema,
    reply: privacyStatusSchema,
    errors: [CONFLICT],
  }),
  /** Everything every service holds about the person, gathered over NATS, with an IPS summary. */
  exportData: declareMessage('privacy.export.build', {
    request: privacyExportRequestSchema,
    reply: personalDataExportSchema,
  }),
} as const;

/** Request/reply patterns the privacy service answers. */
export const PrivacyPatterns = patternsOf(PrivacyApi);
