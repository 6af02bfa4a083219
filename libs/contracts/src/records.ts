import { z } from 'zod';
import { emailSchema, phoneNumberSchema } from './auth.js';
import {
  ALLERGY_SEVERITIES,
  BLOOD_GROUPS,
  DIRECTIVE_LOCATION_MAX,
  GENDERS,
  MAX_CONTACTS_PREMIUM,
  MEDICAL_TEXT_LIMITS,
  RESUSCITATION_STATUSES,
  type Gender,
} from './medical-labels.js';
import { RESPONDER_LANGUAGES } from './medical-terms/languages.js';
import { comparableText } from './medical-terms/entry-text.js';
import { withoutControlCharacters } from './plain-text.js';
import { printedReferenceSchema } from './printed-reference.js';
import { EXPORT_PAGE_SIZES, pageInfoSchema, pageQuerySchema } from './paging.js';

/** Facts the records service publishes. */
export const RecordsEvents = {
  /** A premium record's card was viewed (at most once per record per alert window). */
  cardScanned: 'card.scanned',
  /** A family alert was sent, acknowledged or left unanswered (no personal data: the owner's tabs fetch it). */
  familyAlertChanged: 'family-alert.changed',
  /** A reader opened one of the owner's SMART Health Links (no personal data: the owner's list shows who). */
  healthLinkOpened: 'health-link.opened',
} as const;

/** Premium's stated limit of codes that open their card at once (docs/decisions.md); past it, creation answers 409. */
export const PREMIUM_MAX_ACTIVE_RECORDS = 20;
/** A free account keeps its active code and this many replaced ones (the newest); older replaced codes are deleted. */
export const FREE_REPLACED_RECORDS_KEPT = 10;

/** Texts the spec fixes for QR creation and the card; the web matches on them. */
export const RecordsMessages = {
  editConflict:
    'This record was changed in another tab or on another device after you opened it. Compare the two and choose which to keep.',
  /** The web offers both ways in beside it: signing in, and an account made with this email (which keeps the code). */
  anonymousActiveExists:
    'This email already has an active QR code. Sign in to see it, or create an account with this email to keep it.',
  anonymousExpiredExists:
    'This email already has an expired QR code. Please login or upgrade to premium to create a new one.',
  userCodeExpired: 'Your QR code has expired. Upgrade to premium to reactivate it and create new codes.',
  consentRequired: 'Please confirm that you agree to store and share this medical information.',
  cardNotFound: 'Medical card not found',
  cardExpired: 'This medical QR code has expired',
  emergencyNotFound: 'Medical record not found or inactive',
  recordNotFound: 'Medical record not found',
  tooManyContactsFree: 'Free plans keep one emergency contact; upgrade to premium to add more.',
  recordNotEditableExpired:
    'This QR code has expired, so its record can no longer be edited. Create a new code instead.',
  premiumHistoryRequired:
    'Premium history is part of Premium. Upgrade to Premium - $9.99/month to search every code you have made.',
  recordNotEditableReplaced:
    'This QR code was replaced by a newer one, so its record can no longer be edited. Edit your current code instead.',
  /** Asked to add a code beside the active one (premium's several codes) by a free account, which keeps one. */
  freeOneActiveCode:
    'Free accounts keep one active QR code. Upgrade to Premium for a code per person or item, or use Replace my code to make a new one in place of yours.',
  premiumActiveLimit: `Premium keeps up to ${PREMIUM_MAX_ACTIVE_RECORDS} active QR codes at once. Delete a code you no longer use to make a new one.`,
} as const;

/**
 * Facts unchecked this many days (about 6 months) are due a look: the owner is mailed once (FACTS_REMINDER_DAYS, this
 * by default) and the app marks the date.
 */
export const FACTS_CHECK_DUE_DAYS = 180;

/** Alerts to a premium owner about views of one record are at least this far apart. */
export const SCAN_ALERT_INTERVAL_MS = 10 * 60 * 1000;

/** 128 random bits in base64url: 22 characters. */
export const EMERGENCY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const emergencyTokenSchema = z.string().regex(EMERGENCY_TOKEN_PATTERN, 'not a valid emergency token');
export const recordIdSchema = z.uuid('not a valid record id');

/** Top-level domains reserved by RFC 2606/6761: no address under them can receive mail. */
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local', 'internal']);

/** Why an email's domain cannot receive mail, judged by its form alone (no DNS look-up), or undefined. */
export function emailDomainProblem(email: string): string | undefined {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  const wellFormed =
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)) &&
    /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(labels[labels.length - 1]!);
  if (!wellFormed || RESERVED_TLDS.has(labels[labels.length - 1]!.toLowerCase())) {
    return `${domain} is not a valid domain; please use an address that can receive mail`;
  }
  return undefined;
}

// Invisible controls (a right-to-left override, a bell) are removed before anything is stored: plain-text.ts.
const text = (max: number) =>
  z.string().overwrite(withoutControlCharacters).trim().max(max, `at most ${max} characters`);
const requiredText = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, `${what} is required`)
    .max(max, `at most ${max} characters`);

export const emergencyContactInputSchema = z.strictObject({
  name: requiredText(100, 'Name'),
  phone: phoneNumberSchema.refine((phone) => phone !== '', 'Phone is required'),
  relationship: text(50).default(''),
  isPrimary: z.boolean().default(false),
});

/**
 * The medical form, for anonymous visitors and signed-in users alike. Contacts are capped at the
 * premium maximum here; the free plan's single contact is the records service's rule.
 */
/** The earliest birth date a record takes: anyone older is a typing mistake. */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A date of birth as YYYY-MM-DD: a real day, not in the future and not before 1900. */
const dateOfBirthSchema = z.iso
  .date({ error: 'must be a date written as YYYY-MM-DD' })
  .refine((date) => date >= EARLIEST_BIRTH_DATE, 'must be 1900 or later')
  .refine((date) => date <= new Date().toISOString().slice(0, 10), 'cannot be in the future');

/** Most allergies a record gives a severity (more than the allergies text would list in practice). */
export const MAX_ALLERGY_SEVERITIES = 50;
/** Longest allergy entry a severity names. */
export const ALLERGY_SEVERITY_ENTRY_MAX = 200;

/** One allergy entry's severity, as the owner says it (libs/contracts/src/allergy-severity.ts reads it). */
const allergySeveritySchema = z.strictObject({
  entry: z
    .string({ error: 'must be one of the allergies as written' })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, 'must name one of the allergies')
    .max(ALLERGY_SEVERITY_ENTRY_MAX, `at most ${ALLERGY_SEVERITY_ENTRY_MAX} characters`),
  severity: z.enum(ALLERGY_SEVERITIES, { error: `must be one of ${ALLERGY_SEVERITIES.join(', ')}` }),
});

/** The allergies' severities: each entry once (case, accents and spacing aside), at most {@link MAX_ALLERGY_SEVERITIES}. */
const allergySeveritiesSchema = z
  .array(allergySeveritySchema, { error: 'must be a list of allergies, each with its severity' })
  .max(MAX_ALLERGY_SEVERITIES, `at most ${MAX_ALLERGY_SEVERITIES} allergies with a severity`)
  .refine(
    (severities) => new Set(severities.map(({ entry }) => comparableText(entry))).size === severities.length,
    'each allergy can have one severity only',
  );

const resuscitationStatusSchema = z.enum(RESUSCITATION_STATUSES, {
  error: `must be one of ${RESUSCITATION_STATUSES.join(', ')}`,
});

export const medicalFormSchema = z.strictObject({
  firstName: requiredText(100, 'First name'),
  lastName: requiredText(100, 'Last name'),
  email: emailSchema.superRefine((email, ctx) => {
    const problem = emailDomainProblem(email);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  phoneNumber: phoneNumberSchema.optional().nullable(),
  gender: z
    .enum(GENDERS as [Gender, ...Gender[]], { error: `must be one of ${GENDERS.join(', ')}` })
    .default('unspecified'),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: `must be one of ${BLOOD_GROUPS.join(', ')}` }),
  allergies: text(MEDICAL_TEXT_LIMITS.allergies).default(''),
  /**
   * The severity of some of the allergies entries, by entry; an entry left out has none said. Those naming no entry of
   * `allergies` are dropped when the record is saved (the records service's detailsFromForm).
   */
  allergySeverities: allergySeveritiesSchema.default([]),
  medicalConditions: text(MEDICAL_TEXT_LIMITS.medicalConditions).default(''),
  /** Null when the person has not said (the form starts unset, never "No"). */
  organDonor: z.boolean({ error: 'must be true, false or null (not stated)' }).nullable().default(null),
  medications: text(MEDICAL_TEXT_LIMITS.medications).default(''),
  devices: text(MEDICAL_TEXT_LIMITS.devices).default(''),
  languagesSpoken: text(MEDICAL_TEXT_LIMITS.languagesSpoken).default(''),
  careDirectives: text(MEDICAL_TEXT_LIMITS.careDirectives).default(''),
  dateOfBirth: dateOfBirthSchema.nullable().default(null),
  resuscitationStatus: resuscitationStatusSchema.default('not_stated'),
  /** Where the advance directive is kept, for `directive`; '' when not said. */
  directiveLocation: text(DIRECTIVE_LOCATION_MAX).default(''),
  /** Null when the person has not said. */
  interpreterNeeded: z.boolean({ error: 'must be true, false or null (not stated)' }).nullable().default(null),
  /** The language the free text is written in (English unless said). */
  writtenIn: z.enum(RESPONDER_LANGUAGES, { error: `must be one of ${RESPONDER_LANGUAGES.join(', ')}` }).default('en'),
  emergencyContacts: z
    .array(emergencyContactInputSchema, { error: 'must be a list of contacts' })
    .max(MAX_CONTACTS_PREMIUM, `at most ${MAX_CONTACTS_PREMIUM} contacts`)
    .default([])
    .refine((contacts) => contacts.filter((c) => c.isPrimary).length <= 1, 'only one contact can be primary'),
  hasGivenConsent: z.literal(true, { error: RecordsMessages.consentRequired }),
});

export type MedicalForm = z.infer<typeof medicalFormSchema>;
export type MedicalFormInput = z.input<typeof medicalFormSchema>;
export type EmergencyContactInput = z.infer<typeof emergencyContactInputSchema>;

/** What the owner calls one of their codes; '' when unnamed. Sealed at rest like the details (it may name a child). */
export const CODE_LABEL_MAX_LENGTH = 40;
export const codeLabelSchema = text(CODE_LABEL_MAX_LENGTH);

/**
 * `POST /api/medical-records`: the form, the code's label, and whether the new code joins the owner's active ones
 * (`addAnother`, premium only) instead of replacing a free account's one code.
 */
export const createRecordBodySchema = medicalFormSchema.extend({
  label: codeLabelSchema.default(''),
  addAnother: z.boolean({ error: 'must be true or false' }).default(false),
});
export type CreateRecordBody = z.input<typeof createRecordBodySchema>;

/** `PUT /api/medical-records/{id}/label`. */
export const recordLabelBodySchema = z.strictObject({ label: codeLabelSchema });
export type RecordLabelBody = z.infer<typeof recordLabelBodySchema>;

/** Who asks, as the gateway vouches for it. */
const owner = z.strictObject({ userId: z.uuid() });
/** Where card links point: PUBLIC_BASE_URL, or the origin the request came to. */
const appUrl = z.url().max(200);
/** Who opened a card, for the scan log (a coarse browser only) and the audit log (address and browser). */
const viewer = z.strictObject({
  userAgent: z.string().max(512).default(''),
  ip: z.string().max(64).optional(),
  /**
   * A link preview, crawler, scanner, prefetch or HEAD rather than a person, as the gateway judged it from the request:
   * audited with this flag, but no scan-log row and no alert. Unsaid, a view is a person's.
   */
  automated: z.boolean().default(false),
});

/** `GET /api/medical-records?page&limit`: the owner's codes, newest first, 10 a page, at most 50. */
export const RECORDS_PAGE_SIZE = 10;
export const RECORDS_MAX_LIMIT = 50;
export const recordsQuerySchema = pageQuerySchema(RECORDS_PAGE_SIZE, RECORDS_MAX_LIMIT).extend({
  /** `active`: only the codes that open their card now (the dashboard's code list); `all` with history too. */
  status: z.enum(['all', 'active'], { error: 'must be all or active' }).default('all'),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;
export const listRecordsRequestSchema = owner.extend({ appUrl, ...recordsQuerySchema.shape });
export type ListRecordsRequest = z.infer<typeof listRecordsRequestSchema>;
export const activeRecordRequestSchema = owner.extend({ appUrl });
export const dashboardRequestSchema = owner.extend({ appUrl });
export const createRecordRequestSchema = owner.extend({
  appUrl,
  form: medicalFormSchema,
  label: codeLabelSchema.default(''),
  addAnother: z.boolean().default(false),
});
export type CreateRecordRequest = z.infer<typeof createRecordRequestSchema>;
/** Updates a record in place: same token, same expiry, contacts replaced. */
export const updateRecordRequestSchema = owner.extend({
  appUrl,
  recordId: recordIdSchema,
  form: medicalFormSchema,
  /** The version the form was made from (the request's `If-Match`); absent, the save does not check it. */
  expectedVersion: z.number().int().positive().optional(),
});
export const createAnonymousRecordRequestSchema = z.strictObject({ appUrl, form: medicalFormSchema });
export const recordRequestSchema = owner.extend({ recordId: recordIdSchema });
export const setRecordLabelRequestSchema = recordRequestSchema.extend({ appUrl, label: codeLabelSchema });
/** The gateway asks only for an email the account has verified (by its link, or Google's word). */
export const claimAnonymousRequestSchema = owner.extend({ email: emailSchema });
export type ClaimAnonymousRequest = z.infer<typeof claimAnonymousRequestSchema>;
export const claimAnonymousReplySchema = z.object({ claimed: z.number().int() });
export type ClaimAnonymousReply = z.infer<typeof claimAnonymousReplySchema>;
export const qrImageRequestSchema = recordRequestSchema.extend({ appUrl });
export const getRecordRequestSchema = recordRequestSchema.extend({ appUrl });
export const cardRequestSchema = z.strictObject({ token: emergencyTokenSchema, viewer, appUrl });

/** Premium history pages (SPEC section 9: 10 a page); a caller may ask for up to 50. */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_MAX_LIMIT = 50;
export const HISTORY_SEARCH_MAX_LENGTH = 100;

/** `GET /api/medical-records/history?page&limit&search`: page from 1; search matches blood group, allergies, conditions. */
export const historyQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${HISTORY_MAX_LIMIT}` })
    .int(`must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`)
    .min(1, `must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`)
    .max(HISTORY_MAX_LIMIT, `must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`)
    .default(HISTORY_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(HISTORY_SEARCH_MAX_LENGTH, `must be at most ${HISTORY_SEARCH_MAX_LENGTH} characters`)
    .default(''),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
export const historyRequestSchema = owner.extend({ appUrl, ...historyQuerySchema.shape });
export type HistoryRequest = z.infer<typeof historyRequestSchema>;

export const emergencyContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  relationship: z.string(),
  isPrimary: z.boolean(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** The facts a responder sees on the public card. */
export const emergencyCardSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(GENDERS as [Gender, ...Gender[]]),
  bloodGroup: z.enum(BLOOD_GROUPS),
  allergies: z.string(),
  /**
   * The severity said for some allergies entries. Optional on the card: one read from a record saved before severities
   * existed has none, read as none said.
   */
  allergySeverities: z.array(z.object({ entry: z.string(), severity: z.enum(ALLERGY_SEVERITIES) })).optional(),
  medicalConditions: z.string(),
  /** Null: not stated. */
  organDonor: z.boolean().nullable(),
  /** Beyond the spec's fields, what responders rank highest; '' when not given. */
  medications: z.string(),
  devices: z.string(),
  languagesSpoken: z.string(),
  careDirectives: z.string(),
  /** Whole years today, from the date of birth; null when none was given. The card shows the age, not the date. */
  age: z.number().int().nullable().default(null),
  resuscitationStatus: resuscitationStatusSchema.default('not_stated'),
  directiveLocation: z.string().default(''),
  interpreterNeeded: z.boolean().nullable().default(null),
  /** The language the owner's free text is written in; the card labels it so (it is never machine-translated). */
  writtenIn: z.enum(RESPONDER_LANGUAGES).default('en'),
  emergencyContacts: z.array(emergencyContactSchema),
  createdAt: z.iso.datetime(),
  /** Null for premium records, which never expire. */
  expiresAt: z.iso.datetime().nullable(),
  /** When the owner last said these facts are right (a save, or "These facts are still right"); the card prints it. */
  factsCheckedAt: z.iso.datetime(),
  /**
   * The short reference printed with the code that opened the card (`K7QM 4XPD`; a printed tag's own for a tag), which
   * a responder without data texts to the service's SMS number. No more secret than the token the reader already
   * holds. Absent for a code not yet given one (made before references, until records gives it one) and from a
   * records service older than it.
   */
  reference: printedReferenceSchema.optional(),
});
export type EmergencyCard = z.infer<typeof emergencyCardSchema>;

/** A record as its owner sees it: the date of birth itself rather than the age it gives. */
export const medicalRecordSchema = emergencyCardSchema.omit({ age: true }).extend({
  /** Always there on the owner's record: [] when none is said. */
  allergySeverities: emergencyCardSchema.shape.allergySeverities.unwrap().default([]),
  dateOfBirth: z.iso.date().nullable().default(null),
  id: z.uuid(),
  token: emergencyTokenSchema,
  /** The owner's name for this code ("Sam (child)"); '' when unnamed. Not on the card: responders see the person. */
  label: z.string(),
  /** The QR image as a PNG data URL; it encodes the card URL. */
  qrCodeData: z.string(),
  /** The URL the QR opens. */
  cardUrl: z.url(),
  isActive: z.boolean(),
  hasGivenConsent: z.boolean(),
  /** Raised by one on each save; a save names the version it was made from (`If-Match`) and is refused once it is older. */
  version: z.number().int().positive(),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

/** A code in the owner's list: what tells codes apart, without medical details or a QR image (each is fetched when shown). */
export const recordSummarySchema = medicalRecordSchema.pick({
  id: true,
  token: true,
  label: true,
  cardUrl: true,
  createdAt: true,
  expiresAt: true,
  isActive: true,
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;
/** One page of the owner's codes, newest first, and how many there are in all. */
export const recordsPageSchema = pageInfoSchema.extend({ records: z.array(recordSummarySchema) });
export type RecordsPage = z.infer<typeof recordsPageSchema>;

/** The signed-in home page: the newest record (active or expired) and its contacts, or nothing yet. */
export const dashboardResponseSchema = z.object({
  record: medicalRecordSchema.nullable(),
  emergencyContacts: z.array(emergencyContactSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const anonymousCreationResponseSchema = z.object({
  qrCodeData: z.string(),
  token: emergencyTokenSchema,
  cardUrl: z.url(),
  expiresAt: z.iso.datetime(),
  /** The code's printed reference (`K7QM 4XPD`), for the lock-screen image and the visitor's screen. */
  reference: printedReferenceSchema.optional(),
  /** Whether a link to prove the email went out (not past the email's daily mails, nor with mail down). */
  confirmationMailed: z.boolean(),
});
export type AnonymousCreationResponse = z.infer<typeof anonymousCreationResponseSchema>;

/** One page of premium history, and how many records match in all. */
export const historyResponseSchema = z.object({
  records: z.array(medicalRecordSchema),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const deletedResponseSchema = z.object({ deleted: z.literal(true) });

/** Published on {@link RecordsEvents.cardScanned}. */
export const cardScannedEventSchema = z.object({
  userId: z.uuid(),
  recordId: z.uuid(),
  tokenPrefix: z.string().max(22),
  viewedAt: z.iso.datetime(),
  /** Coarse: browser family and platform, never the full user agent. */
  viewer: z.string().max(100),
  /** The site the card was opened on, for links in the alert. */
  appUrl,
});
export type CardScannedEvent = z.infer<typeof cardScannedEventSchema>;

/** Printed tags: one per ordered item (a line of three keychains has three), resolved by the card like a record's token. */
export const MAX_TAGS_PER_ORDER = 10;
export const tagRequestSchema = owner.extend({
  orderId: z.uuid(),
  /** Which item of the order (0 to quantity - 1): each printed item carries its own tag, revocable alone. */
  itemIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_TAGS_PER_ORDER - 1),
  appUrl,
});
export type TagRequest = z.infer<typeof tagRequestSchema>;
export const listTagsRequestSchema = owner.extend({
  appUrl,
  /** Only these orders' tags (a page of orders); all the owner's tags without it. */
  orderIds: z.array(z.uuid()).max(EXPORT_PAGE_SIZES.orders).optional(),
});
export const printedTagSchema = z.object({
  orderId: z.uuid(),
  itemIndex: z.number().int(),
  /** The link printed on the item. */
  url: z.string(),
  tokenPrefix: z.string(),
  /** The tag's own printed reference (`K7QM 4XPD`), printed under its QR; absent until it has one. */
  reference: printedReferenceSchema.optional(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type PrintedTag = z.infer<typeof printedTagSchema>;
/** A newly issued (or re-read) tag with its QR drawn large enough to print. */
export const issuedTagSchema = printedTagSchema.extend({ printPngBase64: z.string() });
export type IssuedTag = z.infer<typeof issuedTagSchema>;
/** Size of the QR image sent to the printer (a keychain face is a few cm; this keeps modules crisp). */
export const PRINT_QR_SIZE_PX = 1200;

/** Privacy's word on whether a person's records may be shown (idempotent: the same answer twice changes nothing). */
export const recordsConsentRequestSchema = z.strictObject({ userId: z.uuid(), given: z.boolean() });
export type RecordsConsentRequest = z.infer<typeof recordsConsentRequestSchema>;

/** A record in a person's export: what the owner sees, without the QR image (it is drawn from the link). */
export const exportedRecordSchema = medicalRecordSchema.omit({ qrCodeData: true, version: true });
export type ExportedRecord = z.infer<typeof exportedRecordSchema>;
export const scanLogEntrySchema = z.object({
  recordId: z.uuid(),
  viewedAt: z.iso.datetime(),
  /** The kind of device, never its address: "iPhone Safari". */
  viewer: z.string(),
  source: z.enum(['card', 'scanner']),
});
/** The person's current record for their export's IPS summary: the newest active one, else the newest; null with none. */
export const currentRecordExportSchema = z.object({ record: exportedRecordSchema.nullable() });
export type CurrentRecordExport = z.infer<typeof currentRecordExportSchema>;

/** A code's QR image alone, as base64 PNG (the gateway answers it as `image/png`). */
export const qrImageReplySchema = z.object({ pngBase64: z.string() });
/** Privacy's word, as records now holds it. */
export const recordsConsentReplySchema = recordsConsentRequestSchema;
