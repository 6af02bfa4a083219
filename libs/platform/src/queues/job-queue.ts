import type { OnApplicationShutdown } from '@nestjs/common';
import type { JobState, JobsOptions, Queue } from 'bullmq';
import type { QueueDefinition } from '@medical-qr/contracts';
import { AppError } from '../errors/app-error.js';
import { reportQueueJobCounts } from '../metrics/queue-metrics.js';
import { withRequestId } from './job-request-id.js';
import { createQueue, type QueueSettings } from './queues.js';

export interface JobQueueOptions {
  /** Options every job of this queue gets unless `add` says otherwise. */
  defaultJobOptions?: JobsOptions;
  /** How long `add` waits for Redis to take a job. */
  addTimeoutMs?: number;
  /** Hears that Redis cannot be reached (once per reconnection attempt); silent by default, as `add` reports. */
  onConnectionError?: (error: Error) => void;
  /**
   * Whether this process reports the queue's job counts in its metrics (default true). Off for a
   * queue it only adds to, whose own service works and reports it.
   */
  reportJobCounts?: boolean;
}

const DEFAULT_ADD_TIMEOUT_MS = 2000;
/** Jobs read from Redis at a time when looking through a queue. */
const JOB_PAGE = 200;

/**
 * One BullMQ queue of the system (a `Queues` entry from contracts), for adding jobs. With Redis
 * unreachable BullMQ waits for it forever; `add` never waits longer than its deadline, so a
 * request that queues work answers in time. Closed with the application when a module provides it.
 */
export class JobQueue<T> implements OnApplicationShutdown {
  readonly name: string;
  // Typed by the add method; BullMQ's own generics cannot follow an open T.
  private readonly queue: Queue<unknown>;
  private readonly addTimeoutMs: number;
  private readonly stopReporting: () => void;
  /** The schedules this process asked for, to ask again when Redis comes back without them. */
  private readonly schedules = new Map<string, () => Promise<unknown>>();

  constructor(definition: QueueDefinition<T>, settings: QueueSettings, options: JobQueueOptions = {}) {
    this.name = definition.name;
    this.addTimeoutMs = options.addTimeoutMs ?? DEFAULT_ADD_TIMEOUT_MS;
    this.queue = createQueue<unknown>(
      definition.name,
      settings,
      options.defaultJobOptions ? { defaultJobOptions: options.defaultJobOptions } : {},
    );
    // Without a listener BullMQ prints every connection error to the console.
    this.queue.on('error', options.onConnectionError ?? (() => undefined));
    // On every connection to Redis (the first one too, when no schedule is set yet, or setting one changes nothing).
    this.queue.getBackend().on('ready', () => this.restoreSchedules());
    this.stopReporting =
      options.reportJobCounts === false
        ? () => undefined
        : reportQueueJobCounts(this.name, (states) => this.queue.getJobCounts(...states));
  }

  /** Queues a job; rejects with SERVICE_UNAVAILABLE when Redis does not take it within the deadline. */
  async add(jobName: string, data: T, options?: JobsOptions): Promise<void> {
    await this.withinDeadline(this.queue.add(jobName, withRequestId(data), options));
  }

  /**
   * Makes sure job `jobId` will run: queued unless it is already waiting or running; one that gave up (failed every
   * attempt) or finished is run again. For work that must happen once, by one job, and that a sweep may find not done.
   */
  async ensure(jobName: string, data: T, jobId: string): Promise<void> {
    await this.withinDeadline(
      (async () => {
        const existing = await this.queue.getJob(jobId);
        if (existing && (await existing.isFailed())) return existing.retry('failed');
        if (existing && (await existing.isCompleted())) await existing.remove();
        await this.queue.add(jobName, withRequestId(data), { jobId });
      })(),
    );
  }

  /**
   * Runs `jobName` every `everyMs` from now on (once per queue, however many processes ask). The schedule lives in
   * Redis; when Redis comes back after an outage it is set again, as a Redis that lost its data holds none.
   */
  async repeat(jobName: string, everyMs: number, data: T): Promise<void> {
    const schedule = () =>
      this.queue.upsertJobScheduler(
        jobName,
        { every: everyMs },
        { name: jobName, data, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    this.schedules.set(jobName, schedule);
    await schedule();
  }

  /**
   * Removes the jobs whose data matches, whatever their state but running (a running job is locked by its worker):
   * waiting, delayed, finished or failed. For an erasure: what Redis still holds about a person. Answers how many.
   */
  async removeWhere(matches: (data: T) => boolean): Promise<number> {
    const states: JobState[] = ['waiting', 'delayed', 'prioritized', 'completed', 'failed'];
    const found = [];
    // Read every page first: removing while paging would shift the pages.
    for (let start = 0; ; start += JOB_PAGE) {
      const jobs = await this.queue.getJobs(states, start, start + JOB_PAGE - 1);
      found.push(...jobs.filter((job) => job && matches(job.data as T)));
      if (jobs.length < JOB_PAGE) break;
    }
    for (const job of found) await job.remove();
    return found.length;
  }

  close(): Promise<void> {
    this.stopReporting();
    return this.queue.close();
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private restoreSchedules(): void {
    for (const schedule of this.schedules.values()) schedule().catch(() => undefined);
  }

  private async withinDeadline<R>(work: Promise<R>): Promise<R> {
    // The add may still settle after the deadline; its outcome then interests nobody.
    work.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            AppError.unavailable(`The job queue did not answer within ${this.addTimeoutMs} ms. Please try again.`),
          ),
        this.addTimeoutMs,
      );
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
