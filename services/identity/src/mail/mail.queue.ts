import type { Queue } from 'bullmq';

/** Outgoing mail waits here until SMTP accepts it. Renaming the queue strands queued mail. */
export const MAIL_QUEUE = 'identity-mail';
export const MAIL_QUEUE_TOKEN = Symbol('MAIL_QUEUE');

export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailQueue = Queue<MailJob>;
