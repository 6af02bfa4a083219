import { bigint, boolean, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const privacySchema = pgSchema('privacy');

export const auditLog = privacySchema.table('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  action: text('action').notNull(),
  userId: uuid('user_id'),
  /** Sealed (the platform cipher, AUDIT_EMAIL_CONTEXT); `emailIndex` finds it (EmailIndex). Never in clear. */
  email: text('email'),
  emailIndex: text('email_index'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** Ours; the client's own X-Request-Id is `clientRequestId`. */
  requestId: text('request_id'),
  clientRequestId: text('client_request_id'),
  details: jsonb('details').notNull().default({}),
  sourceJobId: text('source_job_id').unique(),
});

export const consentEvents = privacySchema.table('consent_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  given: boolean('given').notNull(),
  reason: text('reason').notNull().default(''),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ConsentEventRow = typeof consentEvents.$inferSelect;

export const deletionRequests = privacySchema.table('deletion_requests', {
  userId: uuid('user_id').primaryKey(),
  status: text('status').$type<'requested' | 'cancelled'>().notNull(),
  reason: text('reason').notNull().default(''),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});
export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

export const erasedSubjects = privacySchema.table('erased_subjects', {
  subjectHash: text('subject_hash').primaryKey(),
  pseudonym: uuid('pseudonym').notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
