import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

/** The job states reported per queue. */
export const REPORTED_JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type ReportedJobState = (typeof REPORTED_JOB_STATES)[number];

/** Reads a queue's job counts (BullMQ's `getJobCounts`) for the given states. */
export type JobCountsReader = (states: ReportedJobState[]) => Promise<Partial<Record<string, number>>>;

/** A scrape must answer even when Redis does not: a queue that cannot be read is left out of that scrape. */
const COUNT_TIMEOUT_MS = 1000;

/** Per queue name, whoever can read its counts in this process (a queue to add to, a worker, or both). */
const readersByQueue = new Map<string, Set<JobCountsReader>>();

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${COUNT_TIMEOUT_MS} ms`)), COUNT_TIMEOUT_MS);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const queueJobs = new Gauge({
  name: 'queue_jobs',
  help: 'Jobs in each BullMQ queue this process owns or works, by state (read from Redis at scrape time)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const readings = await Promise.all(
      [...readersByQueue].map(async ([queue, readers]) => {
        const [read] = readers;
        const counts = await withinTimeout(read!([...REPORTED_JOB_STATES])).catch(() => undefined);
        return { queue, counts };
      }),
    );
    this.reset();
    for (const { queue, counts } of readings) {
      if (!counts) continue;
      for (const state of REPORTED_JOB_STATES) this.set({ queue, state }, counts[state] ?? 0);
    }
  },
});

export const queueJobFailures = new Counter({
  name: 'queue_job_failures_total',
  help: 'Failed job attempts in this process, by queue (each retry that fails counts)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/**
 * Reports `queue`'s job counts on every scrape, until the answered function is called. Several
 * readers of one queue in a process report it once.
 */
export function reportQueueJobCounts(queue: string, read: JobCountsReader): () => void {
  const readers = readersByQueue.get(queue) ?? new Set();
  readers.add(read);
  readersByQueue.set(queue, readers);
  return () => {
    readers.delete(read);
    if (readers.size === 0 && readersByQueue.get(queue) === readers) readersByQueue.delete(queue);
  };
}
