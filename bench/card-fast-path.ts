// The responder's read side by side with what bounds it, in one run on one machine: a bare node:http server
// answering a small JSON, the gateway's own JSON 404 and /robots.txt, the card API and the server-rendered card
// page. autocannon runs in its own process (keep-alive connections, closed loop).
//
//   node bench/card-fast-path.ts                        an isolated system from the build (npm run build first)
//   PROFILE_DIR=/tmp/prof node bench/card-fast-path.ts  also writes a --cpu-prof profile of every service process
//   BENCH_HOLD=1 node bench/card-fast-path.ts          prints the targets and keeps the system up until Ctrl-C
//   BENCH_CONNECTIONS=50 BENCH_SECONDS=10 BENCH_ROWS=card,page ...   the load and which rows to run
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startIsolatedStack } from '@medical-qr/launcher';
import { startBaseline } from './baseline.ts';
import { createAnonymousCard } from './bench-form.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const ROWS = (process.env.BENCH_ROWS ?? 'bare,404,robots,card,page').split(',');
const PROFILE_DIR = process.env.PROFILE_DIR;
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/** One autocannon run against `url` in a child process; answers its JSON summary. */
async function cannon(url: string, seconds: number): Promise<Result> {
  const child = spawn(process.execPath, [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return JSON.parse(output) as Result;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of the full line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const bare = await startBaseline();
const system = await startIsolatedStack(
  'bench-card-fast-path',
  {
    // As `npm start` runs: every request logged at info.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {}),
  },
  {},
);
try {
  const token = await createAnonymousCard(system.url);
  const targets: Record<string, string> = {
    bare: bare.url,
    '404': `${system.url}/api/no-such-route`,
    robots: `${system.url}/robots.txt`,
    card: `${system.url}/api/emergency-card/${token}`,
    page: `${system.url}/emergency/${token}`,
  };
  if (process.env.BENCH_HOLD) {
    console.log(
      JSON.stringify({ ...targets, pids: Object.fromEntries([...system.stack.processes].map(([n, c]) => [n, c.pid])) }),
    );
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
  let baseline: number | undefined;
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, ${new Date().toISOString()}`);
  for (const row of ROWS) {
    const url = targets[row];
    if (!url) throw new Error(`no row ${row}; rows: ${Object.keys(targets).join(', ')}`);
    await cannon(url, WARM_UP_SECONDS);
    const processes = [...system.stack.processes].map(([name, child]) => ({ name, pid: child.pid }));
    const cpuBefore = processes.map(({ pid }) => cpuMsOf(pid));
    const result = await cannon(url, SECONDS);
    const served = result.requests.average * SECONDS;
    // What each request cost the system's own processes in CPU: comparable across runs on a shared machine.
    const cpuPerRequest = processes
      .map(({ name, pid }, index) => ({ name, ms: (cpuMsOf(pid) - cpuBefore[index]!) / served }))
      .filter(({ ms }) => ms >= 0.005)
      .map(({ name, ms }) => `${name} ${ms.toFixed(2)}`)
      .join(', ');
    if (row === 'bare') baseline = result.requests.average;
    const ratio = baseline ? ` ${((100 * result.requests.average) / baseline).toFixed(1)}% of bare` : '';
    console.log(
      `${row.padEnd(7)} ${Math.round(result.requests.average).toString().padStart(6)} requests/s` +
        `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
        `  errors ${result.errors}  non-2xx ${result.non2xx}${ratio}` +
        (row === 'bare' ? '' : `\n        CPU ms per request: ${cpuPerRequest}`),
    );
  }
} finally {
  await system.stop();
  bare.stop();
}
