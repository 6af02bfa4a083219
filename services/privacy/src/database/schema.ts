import { bigint, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const privacySchema = pgSchema('privacy');

export const auditLog = privacySchema.table('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  action: text('action').notNull(),
  userId: uuid('user_id'),
  email: text('email'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  requestId: text('request_id'),
  details: jsonb('details').notNull().default({}),
  sourceJobId: text('source_job_id').unique(),
});
