import {
  AuditActions,
  createRecordBodySchema,
  ErrorCodes,
  historyQuerySchema,
  medicalFormSchema,
  QR_DOWNLOAD_FILE_NAME,
  recordIdSchema,
  recordLabelBodySchema,
  RecordsApi,
  RecordsMessages,
  recordsQuerySchema,
  confirmCodeEmailBodySchema,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { sendVersioned } from '../http/entity-version.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { declareRoute } from '../routes/route-declaration.js';

/** A malformed id cannot name anyone's record: the same 404 as someone else's, without asking the service. */
export function recordIdOf(raw: string): string {
  const parsed = recordIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.recordNotFound);
  return parsed.data;
}
const byId = { recordId: recordIdOf };

/** The signed-in owner's medical records and QR codes; nothing here is ever cached. */
export const RECORDS_ROUTES = [
  declareRoute({
    route: 'POST medical-records',
    summary:
      "Creates the signed-in user's code with its optional label; a free user's new code replaces the active one (the last 10 replaced are kept), and `addAnother: true` (a code beside the others) is premium's: 403 PREMIUM_REQUIRED for a free user; 409 past premium's 20 active codes; 429 past 30 writes a minute",
    countsAsWrite: true,
    body: createRecordBodySchema,
    forwards: RecordsApi.create,
    request: ({ body: { label, addAnother, ...form }, userId, appUrl }) => ({
      userId,
      form,
      label,
      addAnother,
      appUrl,
    }),
    audit: { action: AuditActions.recordCreated, details: (record) => ({ recordId: record.id }) },
  }),
  declareRoute({
    route: 'PUT medical-records/:recordId',
    summary:
      "Updates one of the user's records in place: same code, same expiry, contacts replaced; 404 unless it is the user's own, 410 once expired, 409 once replaced or when saved from an older version (If-Match)",
    countsAsWrite: true,
    params: byId,
    body: medicalFormSchema,
    forwards: RecordsApi.update,
    request: ({ body: form, params, userId, appUrl, expectedVersion }) => ({
      userId,
      recordId: params.recordId,
      form,
      appUrl,
      expectedVersion,
    }),
    audit: { action: AuditActions.recordUpdated, details: (record) => ({ recordId: record.id }) },
    respond: sendVersioned,
  }),
  declareRoute({
    route: 'POST medical-records/:recordId/confirm-facts',
    summary:
      "The owner says one of their records is still right as it is: its facts are dated as checked now (the card prints the date, and the reminder mailed after FACTS_REMINDER_DAYS counts from it); the details and the version stay. 404 unless it is the user's own, 410 once expired, 409 once replaced",
    countsAsWrite: true,
    params: byId,
    forwards: RecordsApi.confirmFacts,
    respond: sendVersioned,
  }),
  declareRoute({
    route: 'GET medical-records',
    summary:
      "The signed-in user's codes, newest first, one page at a time, as summaries (no medical details, no QR image: GET /api/medical-records/{id} and /api/qr-code/{id} give those)",
    query: recordsQuerySchema,
    forwards: RecordsApi.list,
  }),
  declareRoute({
    route: 'GET medical-records/history',
    summary:
      "Premium history: the user's records, newest first, searched by blood group, allergies and conditions, one page at a time; 403 PREMIUM_REQUIRED for others",
    query: historyQuerySchema,
    forwards: RecordsApi.history,
  }),
  declareRoute({
    route: 'GET medical-records/active',
    summary: "The signed-in user's active code, or null",
    forwards: RecordsApi.active,
  }),
  declareRoute({
    route: 'GET medical-records/dashboard',
    summary: 'The newest code (active, else expired) and its contacts, for the signed-in home page',
    forwards: RecordsApi.dashboard,
  }),
  declareRoute({
    route: 'GET medical-records/:recordId',
    summary: "One of the user's records in full, with its QR image; 404 unless it is the user's own",
    params: byId,
    forwards: RecordsApi.get,
    respond: sendVersioned,
  }),
  declareRoute({
    route: 'GET medical-records/:recordId/emergency-contacts',
    summary: "A record's emergency contacts; 404 unless the record is the user's own",
    params: byId,
    forwards: RecordsApi.contacts,
  }),
  declareRoute({
    route: 'PUT medical-records/:recordId/label',
    summary:
      'Names one of the user\'s codes ("Sam (child)", "Bag tag"; \'\' removes the name), to tell several codes apart; 404 unless it is the user\'s own',
    countsAsWrite: true,
    params: byId,
    body: recordLabelBodySchema,
    forwards: RecordsApi.setLabel,
  }),
  declareRoute({
    route: 'DELETE medical-records/:recordId',
    summary: "Deletes one of the user's records with its contacts and scan log",
    countsAsWrite: true,
    params: byId,
    forwards: RecordsApi.delete,
    audit: { action: AuditActions.recordDeleted, details: (_reply, { params }) => ({ recordId: params.recordId }) },
  }),
  declareRoute({
    route: 'GET qr-code/:recordId',
    summary: "The QR image (PNG, about 256 px) of one of the user's records",
    params: byId,
    forwards: RecordsApi.qrImage,
    documentedReply: {
      description: 'The PNG image',
      produces: 'image/png',
      schema: { type: 'string', format: 'binary' },
    },
    respond: ({ pngBase64 }, res) => {
      res
        .type('png')
        .setHeader('Cache-Control', 'private, no-store')
        .setHeader('Content-Disposition', `inline; filename="${QR_DOWNLOAD_FILE_NAME}"`)
        .send(Buffer.from(pngBase64, 'base64'));
    },
  }),
  /** A visitor's free code: no account, rate limited per address; a link mailed at creation proves its email. */
  declareRoute({
    route: 'POST anonymous-medical-record',
    summary:
      'Creates a free code (2 days) and mails a link to prove its email; 409 ANONYMOUS_CODE_ACTIVE or ANONYMOUS_CODE_EXPIRED when the email already has a proven code',
    access: { public: PublicBuckets.anonymousCreation },
    body: medicalFormSchema,
    forwards: RecordsApi.createAnonymous,
    request: ({ body: form, appUrl }) => ({ form, appUrl }),
  }),
  declareRoute({
    route: 'POST anonymous-medical-record/confirm-email',
    summary:
      "Follows the link mailed with a free code: proves its email, so the code joins that email's account at its next sign-in (404 unknown link, 410 used or expired, 409 the email has a proven code)",
    access: { public: PublicBuckets.recovery },
    body: confirmCodeEmailBodySchema,
    forwards: RecordsApi.confirmAnonymousEmail,
  }),
];
