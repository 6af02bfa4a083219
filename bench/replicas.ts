// The responder's request (`GET /api/emergency-card/:token`) under a steady load, with one copy of every
// process and then with two behind the local balancer (`npm start -- --replicas 2`): requests per second
// and latency percentiles, the load coming from this process (closed loop, keep-alive connections).
// On a machine with few cores the copies share them, so this shows what the second copy costs as much
// as what it gives; its point in production is surviving the loss of one.
//
//   node bench/replicas.ts            isolated systems from the build (npm run build first)
import { startIsolatedStack } from '@medical-qr/launcher';
import { createAnonymousCard } from './bench-form.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
/** A responder's phone, so each view is logged as a person's is (Node's own "node" counts as a script, never logged). */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Runs CONCURRENCY loops of requests for `seconds`; answers each completed request's latency and any failures. */
async function load(url: string, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(url, { headers: { 'user-agent': PHONE } }).catch(() => undefined);
        await response?.arrayBuffer();
        if (response?.status === 200) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

for (const replicas of [1, 2]) {
  const system = await startIsolatedStack(`bench-replicas-${replicas}`, { LOG_LEVEL: 'warn' }, { replicas });
  try {
    const url = `${system.url}/api/emergency-card/${await createAnonymousCard(system.url)}`;
    await load(url, WARM_UP_SECONDS);
    const { latencies, failures } = await load(url, SECONDS);
    const line = [
      `replicas ${replicas}:`,
      `${Math.round(latencies.length / SECONDS)} requests/s`,
      `p50 ${percentile(latencies, 0.5).toFixed(1)} ms`,
      `p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
      `p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
      `${failures} failed`,
      `(${CONCURRENCY} at a time for ${SECONDS} s)`,
    ];
    console.log(line.join('  '));
  } finally {
    await system.stop();
  }
}
