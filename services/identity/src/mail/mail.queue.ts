import { Queues, type MailJob } from '@medical-qr/contracts';
import { type JobQueue, queueToken } from '@medical-qr/platform';

export type { MailJob } from '@medical-qr/contracts';

/** Outgoing mail waits in `Queues.identityMail` until SMTP accepts it; inject it with this token. */
export const MAIL_QUEUE_TOKEN = queueToken(Queues.identityMail);
export type MailQueue = JobQueue<MailJob>;
