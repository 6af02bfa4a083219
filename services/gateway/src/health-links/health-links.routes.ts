import {
  AuditActions,
  createHealthLinkBodySchema,
  ErrorCodes,
  HEALTH_LINKS_ACTIVE_MAX,
  healthLinkIdSchema,
  HealthLinkMessages,
  RecordsApi,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { declareRoute } from '../routes/route-declaration.js';

/** A malformed id names none of the owner's links: the same 404, without asking the service. */
function linkIdOf(raw: string): string {
  const parsed = healthLinkIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, HealthLinkMessages.notFound);
  return parsed.data;
}

/** The signed-in owner's SMART Health Links: make one, list them with who opened them, revoke one. */
export const HEALTH_LINK_ROUTES = [
  declareRoute({
    route: 'POST health-links',
    summary: `Makes a SMART Health Link to the owner's current record as an International Patient Summary: \`{id, shlink, viewerUrl, qrCode}\`, shown this once (the key is in the link and not kept). \`label\` (at most 80), \`expiresAt?\` (within a year; none: until revoked), \`passcode?\` (flag P), \`longTerm?\` (flag L: follows the record), \`directFile?\` (flag U: never with a passcode). 409 without a record or past ${HEALTH_LINKS_ACTIVE_MAX} links that still open; 429 past 30 writes a minute`,
    countsAsWrite: true,
    body: createHealthLinkBodySchema,
    forwards: RecordsApi.createHealthLink,
    request: ({ body: link, userId, appUrl }) => ({ userId, appUrl, link }),
    audit: { action: AuditActions.healthLinkCreated, details: (link) => ({ healthLinkId: link.id }) },
  }),
  declareRoute({
    route: 'GET health-links',
    summary:
      "The owner's health links, newest first: label, flags, expiry, state (active, expired, revoked, locked by wrong passcodes), passcode attempts left, and who opened each (the reader's `recipient`, when), the latest 50",
    forwards: RecordsApi.listHealthLinks,
  }),
  declareRoute({
    route: 'DELETE health-links/:linkId',
    summary:
      "Revokes one of the owner's health links: from now on it answers 404 to every reader, and its file is deleted; idempotent. 404 unless it is the owner's",
    countsAsWrite: true,
    params: { linkId: linkIdOf },
    forwards: RecordsApi.revokeHealthLink,
    audit: { action: AuditActions.healthLinkRevoked, details: (link) => ({ healthLinkId: link.id }) },
  }),
];
