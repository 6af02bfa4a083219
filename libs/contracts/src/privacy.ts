import { z } from 'zod';
import { billingExportSchema } from './billing.js';
import { publicUserSchema } from './current-user.js';
import { EXPORT_PAGE_SIZES, type ExportSection, keysetPageSchema, pageCursorSchema } from './paging.js';
import { RECORDS_EXPORT_SECTIONS, recordsExportPageSchema, recordsExportSchema } from './records-export.js';
import { cartItemSchema, orderSchema, ordersExportPageSchema, savedShippingAddressSchema } from './shop/shop-api.js';

/** The terms' limit on exports (SPEC section 9): more than this many in an hour are refused. */
export const EXPORTS_PER_HOUR = 10;

/** The downloaded file's name: medical-data-export-YYYY-MM-DD.json (the day in UTC). */
export const exportFileName = (at: Date) => `medical-data-export-${at.toISOString().slice(0, 10)}.json`;

/** A deletion request waits this long before the erasure runs (DESIGN: 30 days, cancellable until then). */
export const DELETION_GRACE_DAYS = 30;

/** SPEC section 3's deletion status: none (shown Active), requested (Deletion Pending), cancelled. */
export const DELETION_STATUSES = ['none', 'requested', 'cancelled'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export const DELETION_STATUS_LABELS: Record<DeletionStatus, string> = {
  none: 'Active',
  requested: 'Deletion Pending',
  cancelled: 'Deletion Cancelled',
};

/** SPEC section 8's texts for privacy, and the ones the privacy service answers with. */
export const PrivacyMessages = {
  revokeFailed: 'Failed to revoke consent',
  giveFailed: 'Failed to give consent',
  deleteFailed: 'Failed to delete data',
  exportFailed: 'Failed to export data',
  exportsTooMany: 'You have exported your data 10 times in the last hour. Please try again later.',
  cancelFailed: 'Failed to cancel deletion',
  alreadyRequested: 'Your data is already scheduled for deletion.',
  nothingToCancel: 'There is no deletion request to cancel.',
  consentAlreadyRevoked: 'Your consent is already revoked.',
  consentAlreadyGiven: 'Your consent is already given.',
  /** What revoking means, told to the person when it is done. */
  consentRevoked:
    'Your emergency card and printed tags no longer show your medical information to anyone who scans them.',
  consentGiven: 'Your emergency card and printed tags show your medical information again.',
  /** What a deletion does beyond the data, said before it runs and after. */
  subscriptionCancelled: 'Any premium subscription is cancelled, so nothing more is charged.',
  ordersKept: 'Past orders are kept for our accounts, without your name, email or address.',
  /** The page an immediate deletion lands on, and its last mail. */
  accountDeleted: 'Your account and data were deleted',
  accountDeletedDetails:
    'Your records, emergency contacts, scan log and cart are gone, and your QR codes and printed tags no longer open a card.',
  accountDeletedMailed: 'A last mail confirming it went to your address. We send it nothing more.',
} as const;

const userId = z.uuid();
/** A reason the person may give; optional, kept with the request and in the consent history. */
export const privacyReasonSchema = z
  .string()
  .trim()
  .max(500, 'The reason is at most 500 characters')
  .optional()
  .default('');

/** What the person asks over HTTP. */
export const revokeConsentBodySchema = z.strictObject({ reason: privacyReasonSchema });
export const requestDeletionBodySchema = z.strictObject({
  reason: privacyReasonSchema,
  /** Erase now instead of in DELETION_GRACE_DAYS days (SPEC section 4's "delete now" choice); it cannot be undone. */
  immediate: z.boolean().optional().default(false),
});
export const emptyPrivacyBodySchema = z.strictObject({});

/** What the gateway asks the privacy service. */
export const privacyUserRequestSchema = z.strictObject({ userId });
export const privacyReasonRequestSchema = z.strictObject({ userId, reason: privacyReasonSchema });
export const requestDeletionRequestSchema = privacyReasonRequestSchema.extend({
  immediate: z.boolean().optional().default(false),
});
export type RequestDeletionRequest = z.infer<typeof requestDeletionRequestSchema>;
export const privacyExportRequestSchema = z.strictObject({ userId, appUrl: z.url().max(200) });
export type PrivacyExportRequest = z.infer<typeof privacyExportRequestSchema>;
export type PrivacyUserRequest = z.infer<typeof privacyUserRequestSchema>;
export type PrivacyReasonRequest = z.infer<typeof privacyReasonRequestSchema>;

/** `GET /api/privacy/status`: the deletion request, if any, and whether the card may show the person's data. */
export const privacyStatusSchema = z.object({
  status: z.enum(DELETION_STATUSES),
  requestedAt: z.iso.datetime().nullable(),
  scheduledAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
  consentGiven: z.boolean(),
  /** When consent was last revoked or given again; null when it never changed. */
  consentChangedAt: z.iso.datetime().nullable(),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

/** What every service's erase step is told: the person, and their email (records finds anonymous codes by it). */
export const eraseUserRequestSchema = z.strictObject({ userId, email: z.string().max(320) });
export type EraseUserRequest = z.infer<typeof eraseUserRequestSchema>;
export const erasedSchema = z.object({ erased: z.literal(true) });
export type Erased = z.infer<typeof erasedSchema>;

/**
 * The privacy service's jobs: `erase` one person (job id `erase-<userId>`), retried with backoff until every service
 * agreed; and the periodic `sweep` that queues the erasures whose day has come (the database is the truth: a job
 * lost with Redis is queued again).
 */
export const privacyJobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('erase'),
    userId,
    /** Kept in the job once read, in case identity (the last step) is gone when a later attempt runs. */
    email: z.string().max(320).optional(),
  }),
  z.object({ kind: z.literal('sweep') }),
  /** Daily: audit entries past their 6 years go. */
  z.object({ kind: z.literal('retention') }),
]);
export type PrivacyJob = z.infer<typeof privacyJobSchema>;

/** Facts the privacy service publishes. */
export const PrivacyEvents = {
  /** A person's data is gone from every service: gateways end their sessions. */
  userErased: 'user.erased',
} as const;
export const userErasedSchema = z.object({ userId });

/** A consent revoked or given again, as the person's export lists it (oldest first). */
export const consentHistoryEntrySchema = z.object({
  given: z.boolean(),
  reason: z.string(),
  occurredAt: z.iso.datetime(),
});
/** The person's deletion request, if any, in their export. */
export const exportedDeletionRequestSchema = z
  .object({
    status: z.string(),
    reason: z.string(),
    requestedAt: z.iso.datetime(),
    scheduledAt: z.iso.datetime(),
    cancelledAt: z.iso.datetime().nullable(),
  })
  .nullable();
/** An audit entry under the person's id, as their export lists it (newest first). */
export const exportedAuditEntrySchema = z.object({
  occurredAt: z.iso.datetime(),
  action: z.string(),
  /** The person's own address and browser; null on entries someone else caused (a card view). */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What the scan log keeps of whoever it was: browser family and platform ("Chrome on Android"). */
  viewer: z.string().nullable(),
});

/**
 * The export file (`GET /api/privacy/export-data`): everything each service holds about the person, privacy's own
 * consent history, deletion request and audit trail, and an HL7 FHIR IPS document of the current record.
 */
export const personalDataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  format: z.string(),
  account: publicUserSchema,
  records: recordsExportSchema,
  billing: billingExportSchema,
  cart: z.array(cartItemSchema),
  orders: z.array(orderSchema),
  /** The shipping address the shop keeps to fill in the next order, if any. */
  shippingAddress: savedShippingAddressSchema.nullable(),
  privacy: z.object({
    consentHistory: z.array(consentHistoryEntrySchema),
    deletionRequest: exportedDeletionRequestSchema,
    auditLog: z.array(exportedAuditEntrySchema),
  }),
  /** A FHIR R4 Bundle of type "document" (International Patient Summary). */
  internationalPatientSummary: z.record(z.string(), z.unknown()),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/*
 * The export crosses NATS in bounded messages, never as one reply (NATS refuses a message past its max_payload, 1 MB
 * by default): its head, everything of a size the account cannot grow, then page after page of each list that grows
 * with the account (EXPORT_PAGE_SIZES). The gateway writes the file from them as they come.
 */

/** The export's parts whose size does not grow with the account (the cart holds at most 20 lines). */
export const personalDataExportHeadSchema = personalDataExportSchema
  .pick({
    exportedAt: true,
    format: true,
    account: true,
    billing: true,
    cart: true,
    shippingAddress: true,
    internationalPatientSummary: true,
  })
  .extend({ deletionRequest: exportedDeletionRequestSchema });
export type PersonalDataExportHead = z.infer<typeof personalDataExportHeadSchema>;

/** The lists of the export, each read page by page. */
export const EXPORT_SECTIONS = [
  ...RECORDS_EXPORT_SECTIONS,
  'orders',
  'consentHistory',
  'auditLog',
] as const satisfies readonly ExportSection[];

/** One page of one list: the person is the session's (the gateway names them), the cursor the previous page's. */
export const privacyExportPageRequestSchema = z.strictObject({
  userId,
  appUrl: z.url().max(200),
  section: z.enum(EXPORT_SECTIONS),
  /** Null: the first page. */
  cursor: pageCursorSchema.nullable().default(null),
});
export type PrivacyExportPageRequest = z.infer<typeof privacyExportPageRequestSchema>;
export const privacyExportPageSchema = z.discriminatedUnion('section', [
  ...recordsExportPageSchema.options,
  ordersExportPageSchema,
  /** Oldest first. */
  keysetPageSchema('consentHistory', consentHistoryEntrySchema, EXPORT_PAGE_SIZES.consentHistory),
  /** Newest first. */
  keysetPageSchema('auditLog', exportedAuditEntrySchema, EXPORT_PAGE_SIZES.auditLog),
]);
export type PrivacyExportPage = z.infer<typeof privacyExportPageSchema>;
