import { ClientStalls } from '../support/client-stalls.js';

/** One request of a stream: when it started (ms since the stream began), what it answered and how long it took. */
export interface StreamedRequest {
  startedAt: number;
  status: number;
  ms: number;
  body: string;
  /** Why no answer came (a refused connection, or the client's own deadline: a hung socket). */
  failure?: string;
  /** How much of `ms` this test process itself was paused (set by `stop()`): see ClientStalls. */
  clientPausedMs: number;
}

export interface RequestStream {
  readonly requests: StreamedRequest[];
  /** Milliseconds since the stream began. */
  now(): number;
  /** Stops sending, waits for every request under way to end, and tells each how long its client was paused. */
  stop(): Promise<StreamedRequest[]>;
}

/**
 * `workers` clients each sending one request after another until stopped, as people opening cards during a fault do.
 * Every request has a client deadline far beyond any the product promises, so a hung socket shows as a failure
 * instead of hanging the test.
 */
export function startRequestStream(
  send: (signal: AbortSignal) => Promise<Response>,
  { workers = 3, clientDeadlineMs = 15_000 } = {},
): RequestStream {
  const began = Date.now();
  const stalls = new ClientStalls();
  const requests: StreamedRequest[] = [];
  let running = true;
  const now = () => Date.now() - began;
  const one = async () => {
    const startedAt = now();
    try {
      const response = await send(AbortSignal.timeout(clientDeadlineMs));
      const body = await response.text();
      requests.push({ startedAt, status: response.status, ms: now() - startedAt, body, clientPausedMs: 0 });
    } catch (error) {
      const failure = (error as Error).message;
      requests.push({ startedAt, status: 0, ms: now() - startedAt, body: '', failure, clientPausedMs: 0 });
    }
  };
  const worker = async () => {
    while (running) {
      await one();
      // A person taps again after a moment; also keeps a busy machine's load bounded.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const all = Array.from({ length: workers }, worker);
  return {
    requests,
    now,
    async stop() {
      running = false;
      await Promise.all(all);
      // A tick after the last answer, so a pause that ended with it is on record.
      await new Promise((resolve) => setTimeout(resolve, 50));
      stalls.stop();
      for (const request of requests)
        request.clientPausedMs = stalls.within(began + request.startedAt, began + request.startedAt + request.ms);
      return requests;
    },
  };
}

/** Counts of a run, logged for the README's table of faults. */
export function reportFault(fault: string, counts: { requests: number; lost: number; duplicated: number }): void {
  console.log(
    `fault: ${fault}; requests made: ${counts.requests}; lost: ${counts.lost}; duplicated: ${counts.duplicated}`,
  );
}
