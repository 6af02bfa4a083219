import { z } from 'zod';

/**
 * SMART Health Links (step 18): the owner shares their record as an International Patient Summary that any SHL
 * reader opens. The link carries the key; our server keeps only the encrypted file (docs/decisions.md).
 * https://build.fhir.org/ig/HL7/smart-health-cards-and-links/links-specification.html
 */

export const HEALTH_LINK_LABEL_MAX = 80;
export const HEALTH_LINK_PASSCODE_MIN = 4;
export const HEALTH_LINK_PASSCODE_MAX = 64;
/** Wrong passcodes a link takes over its whole life; at the last one it stops answering (404). */
export const HEALTH_LINK_PASSCODE_ATTEMPTS = 10;
/** Links an account holds at once that still open (active, unexpired); past it, creation answers 409. */
export const HEALTH_LINKS_ACTIVE_MAX = 20;
/** A link expires at most this far ahead (or never, when no expiry is given). */
export const HEALTH_LINK_MAX_LIFE_DAYS = 366;
/** The accesses listed per link, newest first (all are counted). */
export const HEALTH_LINK_ACCESSES_LISTED = 50;
/** What a reader may call itself (`recipient`): shown to the owner as written. */
export const HEALTH_LINK_RECIPIENT_MAX = 200;
/** A `location` URL in a manifest works this long at most (HEALTH_LINK_LOCATION_TTL_MS may shorten it). */
export const HEALTH_LINK_LOCATION_TTL_DEFAULT_MS = 3600 * 1000;
/** The file's type: an IPS document Bundle. */
export const SHL_FHIR_CONTENT_TYPE = 'application/fhir+json';
/** The viewer's path on our site; the QR encodes `<site>/shl#shlink:/…`. */
export const SHL_VIEWER_PATH = '/shl';
/** 32 random bytes in base64url: the manifest id, a location ticket and the key all take this form. */
export const SHL_RANDOM_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const HealthLinkMessages = {
  notFound: 'This health link does not exist, has expired or was revoked.',
  wrongPasscode: 'The passcode is wrong.',
  passcodeRequired: 'This link needs its passcode.',
  directFileWithPasscode: 'A direct-file link cannot have a passcode: choose one or the other.',
  expiryPast: 'must be in the future',
  expiryTooFar: `must be within ${HEALTH_LINK_MAX_LIFE_DAYS} days`,
  noRecord: 'Make your medical record first: a health link shares it.',
  tooMany: `You have ${HEALTH_LINKS_ACTIVE_MAX} health links that still open. Revoke one you no longer need first.`,
} as const;

export const healthLinkIdSchema = z.uuid('not a valid health link id');
/** A manifest id or a location ticket: anything else names no link (404, not 400: nothing is said about links). */
export const shlRandomSchema = z.string().regex(SHL_RANDOM_PATTERN, 'not a health link');

const datetime = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/** What the owner chooses when making a link. */
export const createHealthLinkBodySchema = z
  .strictObject({
    label: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(HEALTH_LINK_LABEL_MAX, `must be at most ${HEALTH_LINK_LABEL_MAX} characters`),
    /** Null or absent: never expires (until revoked). */
    expiresAt: datetime.nullable().optional(),
    passcode: z
      .string({ error: 'must be text' })
      .min(HEALTH_LINK_PASSCODE_MIN, `must be at least ${HEALTH_LINK_PASSCODE_MIN} characters`)
      .max(HEALTH_LINK_PASSCODE_MAX, `must be at most ${HEALTH_LINK_PASSCODE_MAX} characters`)
      .optional(),
    /** Flag L: the file follows the record as it changes. */
    longTerm: z.boolean({ error: 'must be true or false' }).default(false),
    /** Flag U: the link is the file itself (GET), no manifest; never with a passcode. */
    directFile: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine((body, ctx) => {
    if (body.directFile && body.passcode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['passcode'], message: HealthLinkMessages.directFileWithPasscode });
    }
    if (body.expiresAt) {
      const at = Date.parse(body.expiresAt);
      if (at <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: HealthLinkMessages.expiryPast });
      else if (at > Date.now() + HEALTH_LINK_MAX_LIFE_DAYS * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: HealthLinkMessages.expiryTooFar });
      }
    }
  });
export type CreateHealthLinkBody = z.output<typeof createHealthLinkBodySchema>;

/** The link as made: shown once, since the key is in it and we do not keep it (docs/decisions.md). */
export const createdHealthLinkSchema = z.object({
  id: healthLinkIdSchema,
  /** The bare `shlink:/…` an SHL reader takes. */
  shlink: z.string(),
  /** `<site>/shl#shlink:/…`: what the QR encodes, so a phone's camera opens our viewer. */
  viewerUrl: z.string(),
  /** The QR of viewerUrl, error correction M, as a PNG data URL. */
  qrCode: z.string(),
});
export type CreatedHealthLink = z.infer<typeof createdHealthLinkSchema>;

export const HEALTH_LINK_STATES = ['active', 'expired', 'revoked', 'locked'] as const;
export type HealthLinkState = (typeof HEALTH_LINK_STATES)[number];

export const healthLinkAccessSchema = z.object({
  at: z.iso.datetime(),
  /** Who the reader said it was, as written. */
  recipient: z.string(),
});
export type HealthLinkAccess = z.infer<typeof healthLinkAccessSchema>;

export const healthLinkSummarySchema = z.object({
  id: healthLinkIdSchema,
  label: z.string(),
  /** SHL flags, in alphabetical order ('' for none). */
  flag: z.string(),
  longTerm: z.boolean(),
  directFile: z.boolean(),
  hasPasscode: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /** `locked`: its wrong passcodes used up. */
  state: z.enum(HEALTH_LINK_STATES),
  /** For a link with a passcode, wrong tries it still takes; null without one. */
  remainingAttempts: z.number().int().min(0).nullable(),
  accessCount: z.number().int().min(0),
  /** Newest first, at most HEALTH_LINK_ACCESSES_LISTED. */
  accesses: z.array(healthLinkAccessSchema),
});
export type HealthLinkSummary = z.infer<typeof healthLinkSummarySchema>;
/** A link in its owner's export: what their list shows of it, its flags in words; its accesses are a list apart. */
export const exportedHealthLinkSchema = healthLinkSummarySchema
  .omit({ flag: true, accessCount: true, accesses: true })
  .extend({
    /** The record it shares (a long-term link's moves to the owner's current one). */
    recordId: z.uuid(),
  });
export type ExportedHealthLink = z.infer<typeof exportedHealthLinkSchema>;
/** A reader's access to one of the owner's links, in their export: every one, not only the latest. */
export const exportedHealthLinkAccessSchema = healthLinkAccessSchema.extend({ linkId: healthLinkIdSchema });
export type ExportedHealthLinkAccess = z.infer<typeof exportedHealthLinkAccessSchema>;
export const healthLinkListSchema = z.object({ links: z.array(healthLinkSummarySchema) });
export type HealthLinkList = z.infer<typeof healthLinkListSchema>;

/** The SHL manifest request, as any reader sends it. */
export const manifestRequestBodySchema = z.object({
  recipient: z
    .string({ error: 'is required: who is asking (a person or an organisation)' })
    .trim()
    .min(1, 'is required: who is asking (a person or an organisation)')
    .max(HEALTH_LINK_RECIPIENT_MAX, `must be at most ${HEALTH_LINK_RECIPIENT_MAX} characters`),
  passcode: z
    .string({ error: 'must be text' })
    .max(HEALTH_LINK_PASSCODE_MAX * 4, 'is too long')
    .optional(),
  embeddedLengthMax: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .optional(),
});
export type ManifestRequestBody = z.output<typeof manifestRequestBodySchema>;

export const manifestFileSchema = z.object({
  contentType: z.literal(SHL_FHIR_CONTENT_TYPE),
  /** The JWE compact serialization, when it fits embeddedLengthMax. */
  embedded: z.string().optional(),
  /** Where to GET the JWE, valid at most an hour. */
  location: z.string().optional(),
  /** For a long-term link: when the file was last written. */
  lastUpdated: z.iso.datetime().optional(),
});
export const manifestSchema = z.object({
  /** For a long-term link: it may change (`can-change`). */
  status: z.enum(['finalized', 'can-change', 'no-longer-valid']).optional(),
  files: z.array(manifestFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The `shlink:/` payload, decoded (what the QR carries besides our viewer's prefix). */
export const shlinkPayloadSchema = z.object({
  url: z.string().url().max(128),
  key: z.string().regex(SHL_RANDOM_PATTERN),
  exp: z.number().int().optional(),
  flag: z
    .string()
    .regex(/^L?P?U?$/)
    .optional(),
  label: z.string().max(HEALTH_LINK_LABEL_MAX).optional(),
  v: z.literal(1).optional(),
});
export type ShlinkPayload = z.infer<typeof shlinkPayloadSchema>;

/** base64url of UTF-8 text, and back (for the payload; isomorphic: no Buffer). */
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeShlink(payload: ShlinkPayload): string {
  return `shlink:/${toBase64Url(JSON.stringify(payload))}`;
}

/**
 * The payload of a `shlink:/…`, or of any text holding one (a viewer URL `…#shlink:/…`); undefined when there is none
 * or it is not a valid payload.
 */
export function decodeShlink(text: string): ShlinkPayload | undefined {
  const at = text.indexOf('shlink:/');
  if (at < 0) return undefined;
  try {
    const parsed = shlinkPayloadSchema.safeParse(JSON.parse(fromBase64Url(text.slice(at + 'shlink:/'.length))));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** SHL flags in alphabetical order. */
export function shlinkFlag(link: { longTerm: boolean; passcode: boolean; directFile: boolean }): string {
  return `${link.longTerm ? 'L' : ''}${link.passcode ? 'P' : ''}${link.directFile ? 'U' : ''}`;
}

/** Published on `health-link.opened` when a reader opened a link (at most once per link per SCAN_ALERT_INTERVAL_MS): identity mails the owner, gateways push it. No label or recipient: the owner's list shows those. */
export const healthLinkOpenedSchema = z.object({
  userId: z.uuid(),
  linkId: healthLinkIdSchema,
  openedAt: z.iso.datetime(),
  /** The site the link was made on, for the mail's link to the owner's list. */
  appUrl: z.url().max(200),
});
export type HealthLinkOpened = z.infer<typeof healthLinkOpenedSchema>;
