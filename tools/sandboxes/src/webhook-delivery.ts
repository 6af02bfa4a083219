import type { SandboxLogger } from './provider-descriptor.js';

const ATTEMPT_TIMEOUT_MS = 10_000;

/** One webhook to send: where, the exact bytes, and the headers of each try (a signature may carry the try's time). */
export interface WebhookJob {
  url: string;
  payload: string;
  headers: () => Record<string, string>;
  /** How the logs name it: "webhook invoice.paid evt_1". */
  label: string;
  /** Fields for the log lines. */
  log: Record<string, unknown>;
  onDelivered?: () => void;
}

/**
 * Delivers a stand-in's webhooks as providers do: a POST per event, events of one ordering key one after the other,
 * each retried with doubling delays until a 2xx or the last try. Nothing here holds up an API reply or throws; close()
 * ends every wait and aborts what is in flight.
 */
export class WebhookDelivery {
  private readonly queues = new Map<string, Promise<void>>();
  /** Waits between tries, each with what ends it early (close). */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly options: { tries: number; retryBaseMs: number },
    private readonly logger: SandboxLogger,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  enqueue(orderingKey: string, job: WebhookJob): void {
    if (this.closed) return;
    const next = (this.queues.get(orderingKey) ?? Promise.resolve()).then(() => this.deliver(job));
    this.queues.set(orderingKey, next);
    // Forget a key's queue once it is drained, so the map does not grow with every object ever seen.
    void next.then(() => {
      if (this.queues.get(orderingKey) === next) this.queues.delete(orderingKey);
    });
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve();
    }
    this.waits.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async deliver(job: WebhookJob): Promise<void> {
    const { tries, retryBaseMs } = this.options;
    for (let attempt = 1; attempt <= tries && !this.closed; attempt++) {
      const outcome = await this.attempt(job);
      if (outcome === 'delivered') {
        job.onDelivered?.();
        this.logger.debug({ ...job.log, attempt }, `${job.label} delivered`);
        return;
      }
      if (this.closed) return;
      const last = attempt === tries;
      this.logger.warn(
        { ...job.log, attempt, outcome },
        `${job.label} not delivered (${outcome}); ${last ? `giving up after ${tries} tries` : 'trying again'}`,
      );
      if (!last) await this.sleep(retryBaseMs * 2 ** (attempt - 1));
    }
  }

  private async attempt(job: WebhookJob): Promise<'delivered' | string> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(job.url, {
        method: 'POST',
        headers: job.headers(),
        body: job.payload,
        signal: controller.signal,
      });
      await response.body?.cancel();
      return response.ok ? 'delivered' : `HTTP ${response.status}`;
    } catch (error) {
      if (controller.signal.aborted) return this.closed ? 'stopped' : 'timed out';
      return error instanceof Error && error.cause instanceof Error ? error.cause.message : 'network error';
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.waits.set(timer, resolve);
    });
  }
}
