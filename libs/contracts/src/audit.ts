import { z } from 'zod';

export const AuditActions = {
  registered: 'auth.registered',
  loginSucceeded: 'auth.login.succeeded',
  loginFailed: 'auth.login.failed',
  loginRateLimited: 'auth.login.rate_limited',
  googleSignIn: 'auth.google.signed_in',
  logout: 'auth.logout',
  sessionTimeout: 'auth.session.inactivity_timeout',
  emailVerified: 'auth.email.verified',
  passwordResetRequested: 'auth.password_reset.requested',
  passwordReset: 'auth.password_reset.completed',
  reauthSucceeded: 'auth.reauth.succeeded',
  reauthFailed: 'auth.reauth.failed',
  recordCreated: 'records.record.created',
  recordUpdated: 'records.record.updated',
  recordDeleted: 'records.record.deleted',
  cardViewed: 'records.card.viewed',
  /** Someone used "Tell their family" on a card (or texted its printed reference): its contacts were texted. */
  familyAlertSent: 'records.family_alert.sent',
  /** A texted contact answered "I'm on it". */
  familyAlertAcknowledged: 'records.family_alert.acknowledged',
  /** The owner made a SMART Health Link, or revoked one. */
  healthLinkCreated: 'records.health_link.created',
  healthLinkRevoked: 'records.health_link.revoked',
  consentRevoked: 'privacy.consent.revoked',
  consentGiven: 'privacy.consent.given',
  deletionRequested: 'privacy.deletion.requested',
  deletionCancelled: 'privacy.deletion.cancelled',
  dataExported: 'privacy.data.exported',
  erasureCompleted: 'privacy.erasure.completed',
} as const;

export type AuditAction = (typeof AuditActions)[keyof typeof AuditActions];

/**
 * One audit log entry: who, what, when (UTC), from where. Never a password or a token. Lenient (a field it does not
 * know is ignored): during a rollout an older privacy service drains entries a newer process queued.
 */
export const auditEntrySchema = z.object({
  action: z.string().min(1).max(80),
  userId: z.uuid().nullable().optional(),
  email: z.string().max(254).nullable().optional(),
  ip: z.string().max(64).nullable().optional(),
  userAgent: z.string().max(300).nullable().optional(),
  /** Ours, made by the gateway for every request. */
  requestId: z.string().max(64).nullable().optional(),
  /** What the client sent as X-Request-Id, if plain: kept beside ours, never trusted as it. */
  clientRequestId: z.string().max(64).nullable().optional(),
  occurredAt: z.iso.datetime(),
  details: z.record(z.string(), z.union([z.string().max(300), z.number(), z.boolean()])).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The most entries one audit job carries (a busy card's views, gathered for a few hundred ms). */
export const AUDIT_BATCH_MAX_ENTRIES = 500;

/** Several entries in one job, written in one insert: how frequent entries (card views) are queued. */
export const auditBatchSchema = z.object({
  entries: z.array(auditEntrySchema).min(1).max(AUDIT_BATCH_MAX_ENTRIES),
});
export type AuditBatch = z.infer<typeof auditBatchSchema>;

/** What an audit job carries: one entry, or a batch of them. */
export const auditJobSchema = z.union([auditEntrySchema, auditBatchSchema]);
export type AuditJob = z.infer<typeof auditJobSchema>;
