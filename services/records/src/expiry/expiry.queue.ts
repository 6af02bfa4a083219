import type { Queue } from 'bullmq';

/** Delayed "expire this code" jobs and the periodic sweep. Renaming the queue strands queued jobs. */
export const EXPIRY_QUEUE = 'records-expiry';

export const ExpiryJobs = {
  expire: 'expire',
  sweep: 'sweep',
} as const;

export interface ExpiryJob {
  recordId?: string;
}

export type ExpiryQueue = Queue<ExpiryJob>;
