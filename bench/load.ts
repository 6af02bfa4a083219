import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers other than 2xx, plus socket errors and timeouts. */
  errors: number;
  requests: number;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A short run first, not counted: connections opened, the JIT and the pools warmed. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Loads one target with autocannon (keep-alive connections, closed loop unless a rate is set), after a warm-up. */
export async function load(options: autocannon.Options, { warmUp = true } = {}): Promise<LoadResult> {
  if (warmUp) await run({ ...options, duration: WARM_UP_SECONDS });
  const result = await run({ duration: BENCH_SECONDS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}
