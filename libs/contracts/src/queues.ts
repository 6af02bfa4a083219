import { z } from 'zod';
import { auditJobSchema } from './audit.js';
import { privacyJobSchema } from './privacy.js';

/** A BullMQ queue: where its jobs wait in Redis, and what each job carries. */
export interface QueueDefinition<T = unknown> {
  /** The queue's name in Redis (under `{REDIS_PREFIX}:bull`). */
  readonly name: string;
  /** What a job carries; a worker drops a job that does not match rather than retry it forever. */
  readonly payload: z.ZodType<T>;
}

/** Records: switch a code off when its time comes (`expire`), and the periodic `sweep` for lost jobs. */
export const ExpiryJobs = {
  expire: 'expire',
  sweep: 'sweep',
  /** Daily: scan-log rows older than SCAN_LOG_RETENTION_DAYS go. */
  scanLogRetention: 'scan-log-retention',
} as const;
export const expiryJobSchema = z.object({ recordId: z.uuid().optional() });
export type ExpiryJob = z.infer<typeof expiryJobSchema>;

/** Records: the periodic sweep that mails owners whose codes' facts have gone unchecked for FACTS_REMINDER_DAYS. */
export const FactsReminderJobs = { sweep: 'sweep' } as const;
export const factsReminderJobSchema = z.object({});
export type FactsReminderJob = z.infer<typeof factsReminderJobSchema>;

/** Identity: one outgoing mail, rendered; it waits here until SMTP accepts it. */
export const mailJobSchema = z.object({
  /**
   * The mail's Message-ID (a UUID, made into `<uuid@sender's domain>`), chosen when it is queued: a retried sending
   * (the worker died after SMTP took the message, before it could mark the job done) sends the very same message,
   * which a mailbox shows once. Not the job's id, which is only unique within one copy's queue. Absent from jobs queued
   * before it existed: the worker gives such a job one before its first sending.
   */
  messageId: z.uuid().optional(),
  to: z.string().min(3).max(254),
  subject: z.string().min(1).max(300),
  text: z.string(),
  html: z.string(),
});
export type MailJob = z.infer<typeof mailJobSchema>;

/**
 * Shop: `submit` one paid order to the print provider, `sync` one order's status, `sync-open` every open order
 * (repeating), `cleanup-mockups` products made for previews and left behind (repeating), `receipt` a paid checkout's
 * receipt mail (identity sends it).
 */
export const ShopJobs = {
  submit: 'submit',
  sync: 'sync',
  syncOpen: 'sync-open',
  cleanupMockups: 'cleanup-mockups',
  receipt: 'receipt',
} as const;
export const shopJobSchema = z.object({ orderId: z.uuid().optional(), checkoutId: z.uuid().optional() });
export type ShopJob = z.infer<typeof shopJobSchema>;

/**
 * Records: `send` one queued text (a row of the SMS outbox, which holds its recipient and words encrypted; the job
 * carries only its id), `escalate` a family alert nobody acknowledged in time, and the repeating `sweep` for what lost
 * its job.
 */
export const SmsJobs = { send: 'send', escalate: 'escalate', sweep: 'sweep' } as const;
export const smsJobSchema = z.object({ outboxId: z.uuid().optional(), alertId: z.uuid().optional() });
export type SmsJob = z.infer<typeof smsJobSchema>;

/**
 * Every BullMQ queue of the system.
 *
 * WARNING: a queue's name is where its jobs wait in Redis. Renaming one strands every job already
 * queued under the old name (mail never sent, codes never switched off, audit entries never
 * written). To move a queue, add the new one and drain the old one before removing it.
 */
export const Queues = {
  recordsExpiry: { name: 'records-expiry', payload: expiryJobSchema },
  identityMail: { name: 'identity-mail', payload: mailJobSchema },
  /** Any process may add to it; the privacy service drains it into its audit log. */
  privacyAuditLog: { name: 'privacy-audit-log', payload: auditJobSchema },
  shopOrders: { name: 'shop-orders', payload: shopJobSchema },
  /** Erasure: the saga of one person's deletion, and the sweep that finds deletions due. */
  privacyErasure: { name: 'privacy-erasure', payload: privacyJobSchema },
  recordsFactsReminders: { name: 'records-facts-reminders', payload: factsReminderJobSchema },
  /** Texts out (family alerts, their second round, answers to inbound texts) and the alerts' escalation. */
  recordsSms: { name: 'records-sms', payload: smsJobSchema },
} as const satisfies Record<string, QueueDefinition>;
