import { z } from 'zod';
import { confirmCodeEmailBodySchema, confirmCodeEmailResponseSchema } from './anonymous-code-confirmation.js';
import { ErrorCodes } from './error-codes.js';
import {
  alertAckKeySchema,
  alertStatusKeySchema,
  familyAlertForContactSchema,
  familyAlertStatusSchema,
  inboundSmsSchema,
  ownerFamilyAlertsSchema,
  smsStatusSchema,
  tellFamilyReplySchema,
  tellFamilyRequestSchema,
} from './family-alerts.js';
import {
  createdHealthLinkSchema,
  createHealthLinkBodySchema,
  healthLinkIdSchema,
  healthLinkListSchema,
  healthLinkSummarySchema,
  manifestRequestBodySchema,
  manifestSchema,
  shlRandomSchema,
} from './health-links.js';
import { declareMessage, patternsOf } from './message.js';
import { erasedSchema, eraseUserRequestSchema } from './privacy.js';
import {
  activeRecordRequestSchema,
  anonymousCreationResponseSchema,
  cardRequestSchema,
  claimAnonymousReplySchema,
  claimAnonymousRequestSchema,
  createAnonymousRecordRequestSchema,
  createRecordRequestSchema,
  currentRecordExportSchema,
  dashboardRequestSchema,
  dashboardResponseSchema,
  deletedResponseSchema,
  emergencyCardSchema,
  emergencyContactSchema,
  getRecordRequestSchema,
  historyRequestSchema,
  historyResponseSchema,
  issuedTagSchema,
  listRecordsRequestSchema,
  listTagsRequestSchema,
  medicalRecordSchema,
  printedTagSchema,
  qrImageReplySchema,
  qrImageRequestSchema,
  recordRequestSchema,
  recordsConsentReplySchema,
  recordsConsentRequestSchema,
  recordsPageSchema,
  recordSummarySchema,
  setRecordLabelRequestSchema,
  tagRequestSchema,
  updateRecordRequestSchema,
} from './records.js';
import { recordsExportPageRequestSchema, recordsExportPageSchema } from './records-export.js';

const {
  NOT_FOUND,
  UNAUTHORIZED,
  GONE,
  CONFLICT,
  EDIT_CONFLICT,
  QR_EXPIRED,
  PREMIUM_REQUIRED,
  ANONYMOUS_CODE_ACTIVE,
  ANONYMOUS_CODE_EXPIRED,
  RATE_LIMITED,
  VALIDATION_ERROR,
} = ErrorCodes;

/** Every request/reply message the records service answers, declared once. */
export const RecordsApi = {
  /** One page of the owner's codes, as summaries (no medical details, no QR images). */
  list: declareMessage('records.record.list', { request: listRecordsRequestSchema, reply: recordsPageSchema }),
  /** One of the owner's records in full, with its QR image. */
  get: declareMessage('records.record.get', {
    request: getRecordRequestSchema,
    reply: medicalRecordSchema,
    errors: [NOT_FOUND],
  }),
  /** The owner's newest active record, or null (the shop prints it on merch). */
  active: declareMessage('records.record.active', {
    request: activeRecordRequestSchema,
    reply: medicalRecordSchema.nullable(),
  }),
  dashboard: declareMessage('records.dashboard.get', {
    request: dashboardRequestSchema,
    reply: dashboardResponseSchema,
  }),
  create: declareMessage('records.record.create', {
    request: createRecordRequestSchema,
    reply: medicalRecordSchema,
    errors: [PREMIUM_REQUIRED, QR_EXPIRED, CONFLICT],
  }),
  update: declareMessage('records.record.update', {
    request: updateRecordRequestSchema,
    reply: medicalRecordSchema,
    errors: [NOT_FOUND, EDIT_CONFLICT, CONFLICT, GONE],
  }),
  /**
   * The owner says the facts are still right, as they are: the record's check is dated now and its next reminder
   * starts over; the details and the version stay. Refused like a save for a code that no longer opens its card.
   */
  confirmFacts: declareMessage('records.record-facts.confirm', {
    request: getRecordRequestSchema,
    reply: medicalRecordSchema,
    errors: [NOT_FOUND, CONFLICT, GONE],
  }),
  createAnonymous: declareMessage('records.anonymous-record.create', {
    request: createAnonymousRecordRequestSchema,
    reply: anonymousCreationResponseSchema,
    errors: [ANONYMOUS_CODE_ACTIVE, ANONYMOUS_CODE_EXPIRED],
  }),
  /** A verified email's anonymous code becomes the account's (idempotent: nothing left to claim is fine). */
  claimAnonymous: declareMessage('records.anonymous-record.claim', {
    request: claimAnonymousRequestSchema,
    reply: claimAnonymousReplySchema,
  }),
  /** The link mailed at an anonymous code's creation was followed: its email is proven, so it may be claimed. */
  confirmAnonymousEmail: declareMessage('records.anonymous-record.confirm-email', {
    request: confirmCodeEmailBodySchema,
    reply: confirmCodeEmailResponseSchema,
    errors: [NOT_FOUND, GONE, CONFLICT],
  }),
  contacts: declareMessage('records.contacts.list', {
    request: recordRequestSchema,
    reply: z.array(emergencyContactSchema),
    errors: [NOT_FOUND],
  }),
  delete: declareMessage('records.record.delete', {
    request: recordRequestSchema,
    reply: deletedResponseSchema,
    errors: [NOT_FOUND],
  }),
  qrImage: declareMessage('records.qr-image.get', {
    request: qrImageRequestSchema,
    reply: qrImageReplySchema,
    errors: [NOT_FOUND],
  }),
  /** The public card: what a responder sees (404 unknown, 410 expired). */
  card: declareMessage('records.card.get', {
    request: cardRequestSchema,
    reply: emergencyCardSchema,
    errors: [NOT_FOUND, GONE],
  }),
  /** The spec's emergency view of a code: an active code's card, else not found. */
  emergency: declareMessage('records.emergency.get', {
    request: cardRequestSchema,
    reply: emergencyCardSchema,
    errors: [NOT_FOUND],
  }),
  /** "Tell their family" from a card: texts its contacts, mails and pushes to its owner (per-card limit: 429). */
  tellFamily: declareMessage('records.family-alert.send', {
    request: tellFamilyRequestSchema,
    reply: tellFamilyReplySchema,
    errors: [NOT_FOUND, GONE, RATE_LIMITED, VALIDATION_ERROR],
  }),
  /** The responder's view of the alert they sent, by its status key. */
  familyAlertStatus: declareMessage('records.family-alert.status', {
    request: z.strictObject({ statusKey: alertStatusKeySchema }),
    reply: familyAlertStatusSchema,
    errors: [NOT_FOUND],
  }),
  /** The alert as a texted contact's link opens it. */
  familyAlertForContact: declareMessage('records.family-alert.for-contact', {
    request: z.strictObject({ ackKey: alertAckKeySchema }),
    reply: familyAlertForContactSchema,
    errors: [NOT_FOUND],
  }),
  /** A contact's "I'm on it": the first one acknowledges the alert for everyone. */
  acknowledgeFamilyAlert: declareMessage('records.family-alert.acknowledge', {
    request: z.strictObject({ ackKey: alertAckKeySchema }),
    reply: familyAlertForContactSchema,
    errors: [NOT_FOUND],
  }),
  /** The owner's recent alerts, newest first, with who answered. */
  ownerFamilyAlerts: declareMessage('records.family-alert.list', {
    request: z.strictObject({ userId: z.uuid() }),
    reply: ownerFamilyAlertsSchema,
  }),
  /** A text to the service's number (signature checked by the gateway): STOP, START, or a printed reference. */
  smsInbound: declareMessage('records.sms.inbound', {
    request: inboundSmsSchema,
    reply: z.object({ handled: z.enum(['opted-out', 'opted-in', 'card', 'miss', 'refused', 'ignored']) }),
  }),
  /** The SMS provider's word on a text we sent (delivered, failed, ...). */
  smsStatus: declareMessage('records.sms.status', {
    request: smsStatusSchema,
    reply: z.object({ updated: z.boolean() }),
  }),
  /** A SMART Health Link to the owner's current record (shown once: the key is not kept). */
  createHealthLink: declareMessage('records.health-link.create', {
    request: z.strictObject({ userId: z.uuid(), appUrl: z.url().max(200), link: createHealthLinkBodySchema }),
    reply: createdHealthLinkSchema,
    errors: [CONFLICT],
  }),
  /** The owner's health links, newest first, with their accesses. */
  listHealthLinks: declareMessage('records.health-link.list', {
    request: z.strictObject({ userId: z.uuid() }),
    reply: healthLinkListSchema,
  }),
  /** Revokes one of the owner's links: it answers 404 from then on (idempotent). */
  revokeHealthLink: declareMessage('records.health-link.revoke', {
    request: z.strictObject({ userId: z.uuid(), linkId: healthLinkIdSchema }),
    reply: healthLinkSummarySchema,
    errors: [NOT_FOUND],
  }),
  /** An SHL reader's manifest request (public: the link's random id is what gives access). */
  healthLinkManifest: declareMessage('records.health-link.manifest', {
    request: manifestRequestBodySchema.extend({ manifestId: shlRandomSchema, appUrl: z.url().max(200) }),
    reply: manifestSchema,
    errors: [NOT_FOUND, UNAUTHORIZED],
  }),
  /** The encrypted file behind a manifest's `location` (a ticket valid at most an hour). */
  healthLinkFile: declareMessage('records.health-link.file', {
    request: z.strictObject({ ticket: shlRandomSchema }),
    reply: z.object({ jwe: z.string() }),
    errors: [NOT_FOUND],
  }),
  /** A direct-file link's (flag U) encrypted file, fetched by GET with the reader's `recipient`. */
  healthLinkDirectFile: declareMessage('records.health-link.direct-file', {
    request: z.strictObject({
      manifestId: shlRandomSchema,
      recipient: manifestRequestBodySchema.shape.recipient,
      appUrl: z.url().max(200),
    }),
    reply: z.object({ jwe: z.string() }),
    errors: [NOT_FOUND],
  }),
  /** Premium history: the user's records, searched after decryption, one page at a time. */
  history: declareMessage('records.history.list', {
    request: historyRequestSchema,
    reply: historyResponseSchema,
    errors: [PREMIUM_REQUIRED],
  }),
  /** Names one of the owner's codes ("Me", "Sam (child)", "Bag tag"), so several codes are told apart. */
  setLabel: declareMessage('records.record-label.set', {
    request: setRecordLabelRequestSchema,
    reply: recordSummarySchema,
    errors: [NOT_FOUND],
  }),
  /** A printed tag for an order (idempotent per order): a token of its own that opens the owner's current card. */
  issueTag: declareMessage('records.tag.issue', {
    request: tagRequestSchema,
    reply: issuedTagSchema,
    calledBy: 'services',
  }),
  listTags: declareMessage('records.tag.list', {
    request: listTagsRequestSchema,
    reply: z.array(printedTagSchema),
    calledBy: 'services',
  }),
  revokeTag: declareMessage('records.tag.revoke', {
    request: tagRequestSchema,
    reply: printedTagSchema,
    errors: [NOT_FOUND],
    calledBy: 'services',
  }),
  /** The person's consent to show their records (privacy): withdrawn, no card or tag of theirs shows them. */
  setConsent: declareMessage('records.consent.set', {
    request: recordsConsentRequestSchema,
    reply: recordsConsentReplySchema,
    calledBy: 'services',
  }),
  /**
   * One page of a list records holds about a person, for their export: records decrypted (no QR image), the scan
   * log, printed tags, health links and their accesses, family alerts. Keyset-paged, each page bounded
   * (EXPORT_PAGE_SIZES), so no reply grows with the account.
   */
  exportPage: declareMessage('records.user.export-page', {
    request: recordsExportPageRequestSchema,
    reply: recordsExportPageSchema,
    calledBy: 'services',
  }),
  /** The person's current record (newest active, else newest) for their export's International Patient Summary. */
  exportCurrent: declareMessage('records.user.export-current', {
    request: activeRecordRequestSchema,
    reply: currentRecordExportSchema,
    calledBy: 'services',
  }),
  /** Erasure (privacy's saga): the person's records, contacts, scan log, tags, consent, and codes made anonymously with their email; idempotent. */
  eraseUser: declareMessage('records.user.erase', {
    request: eraseUserRequestSchema,
    reply: erasedSchema,
    calledBy: 'services',
  }),
} as const;

/** Request/reply patterns the records service answers. */
export const RecordsPatterns = patternsOf(RecordsApi);
