import { ErrorCodes } from './error-codes.js';
import { declareMessage, patternsOf } from './message.js';
import {
  personalDataExportHeadSchema,
  privacyExportPageRequestSchema,
  privacyExportPageSchema,
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
  /**
   * The export's bounded parts (account, billing, cart, shipping address, deletion request, the IPS summary of the
   * current record), gathered over NATS from every service; its lists come page by page with `exportPage`.
   */
  exportHead: declareMessage('privacy.export.head', {
    request: privacyExportRequestSchema,
    reply: personalDataExportHeadSchema,
  }),
  /** One page of one of the export's lists, asked of the service that holds it (or read from privacy's own). */
  exportPage: declareMessage('privacy.export.page', {
    request: privacyExportPageRequestSchema,
    reply: privacyExportPageSchema,
  }),
} as const;

/** Request/reply patterns the privacy service answers. */
export const PrivacyPatterns = patternsOf(PrivacyApi);
