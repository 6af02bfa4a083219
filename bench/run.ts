// `npm run bench`: one isolated system (npm run build first) and, in the same run, a bare node:http baseline, each
// loaded with autocannon in turn; then Lighthouse on the home and card pages. Prints one table: requests/s, p50, p99,
// errors (answers other than 2xx, socket errors, timeouts), the ratio to the baseline, and the peak resident memory of
// every process of the system during that row (bench/RESULTS.md keeps the figures and says how to read them).
//
//   npm run bench                      everything (about 10 minutes on 2 cores)
//   BENCH_MILLION=0 npm run bench      without the 1 million record row
//   BENCH_LIGHTHOUSE=0 npm run bench   without Lighthouse
//   BENCH_SECONDS=20 npm run bench     longer rows (default 10 s, after a 2 s warm-up)
//
// The older single-purpose benches stay runnable alone: bench/replicas.ts (one copy of each process against two),
// bench/card-page.ts (the card page's paints on slow 4G) and bench/home-page-bytes.ts (the home page's bytes by kind).
import { cpus, totalmem } from 'node:os';
import type autocannon from 'autocannon';
import { startIsolatedStack } from '@medical-qr/launcher';
import { TokenIndex } from '../services/records/src/records/token-index.ts';
import { createAccount, type BenchAccount } from './bench-accounts.ts';
import { startBaseline } from './baseline.ts';
import { benchForm, createAnonymousCard } from './bench-form.ts';
import { measureFirstVisit, printFirstVisitTable } from './lighthouse.ts';
import { BENCH_SECONDS, load, type LoadResult } from './load.ts';
import { peakRssMb, resetPeakRss } from './process-memory.ts';
import { seedRecordsTo, recordIdOf } from './seed-records.ts';
import { systemProcesses } from './system-processes.ts';

const MILLION = process.env.BENCH_MILLION !== '0';
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const CONNECTIONS = 50;
/** Sign-ins hash with Argon2 on purpose: a few connections already keep the identity service's hashing busy. */
const LOGIN_CONNECTIONS = 10;
const LOGINS_PER_SECOND = 20;
const ACCOUNTS = 5;

interface Row {
  name: string;
  result: LoadResult;
  /** Peak resident megabytes of each process of the system during the row. */
  peaks: Map<string, number | undefined>;
}

const started = new Date();
const baseline = await startBaseline();
const system = await startIsolatedStack('bench', {
  LOG_LEVEL: 'warn',
  // The public per-address budgets would refuse a load generator within a second; the bench measures the work.
  RATE_LIMIT_PUBLIC_PER_5_MIN: '1000000000',
  // Registering signs in at once, so the signed-in rows need no mailed link.
  EMAIL_VERIFICATION: 'false',
});
const rows: Row[] = [];
try {
  const processes = systemProcesses(system);
  const measure = async (name: string, work: () => Promise<LoadResult>) => {
    for (const { pid } of processes) resetPeakRss(pid);
    const result = await work();
    rows.push({ name, result, peaks: new Map(processes.map(({ name: id, pid }) => [id, peakRssMb(pid)])) });
    console.error(`${name}: ${Math.round(result.requestsPerSecond)} requests/s, p99 ${result.p99} ms`);
  };
  const get = (url: string, options: Partial<autocannon.Options> = {}, how?: { warmUp: boolean }) =>
    load({ url, connections: CONNECTIONS, ...options }, how);

  const token = await createAnonymousCard(system.url);
  const cardUrl = `${system.url}/api/emergency-card/${token}`;
  const accounts: BenchAccount[] = [];
  for (let index = 0; index < ACCOUNTS; index++) accounts.push(await createAccount(system.url, index));
  let signIns = 0;
  const signIn = (options: Partial<autocannon.Options>, how?: { warmUp: boolean }) =>
    load(
      {
        url: system.url,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login',
            headers: { 'content-type': 'application/json' },
            // The right password, round the accounts: what a sign-in costs, not what a refusal does.
            setupRequest: (request) => {
              const account = accounts[signIns++ % accounts.length]!;
              return { ...request, body: JSON.stringify({ email: account.email, password: account.password }) };
            },
          },
        ],
        ...options,
      },
      how,
    );

  await measure('bare `node:http`, small JSON', () => get(baseline.url));
  await measure('`GET /api/emergency-card/{token}`', () => get(cardUrl));
  await measure('`GET /emergency/{token}` (server-rendered page)', () => get(`${system.url}/emergency/${token}`));
  let created = 0;
  await measure('`POST /api/anonymous-medical-record`', () =>
    load({
      url: system.url,
      connections: CONNECTIONS,
      requests: [
        {
          method: 'POST',
          path: '/api/anonymous-medical-record',
          headers: { 'content-type': 'application/json' },
          // Each code its own email: one email holds one free code.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(benchForm(`bench-anonymous-${created++}-${started.getTime()}@example.org`)),
          }),
        },
      ],
    }),
  );
  await measure(`\`POST /api/auth/login\` (right password), ${LOGIN_CONNECTIONS} connections`, () =>
    signIn({ connections: LOGIN_CONNECTIONS }),
  );
  const owner = accounts[0]!;
  await measure("`GET /api/qr-code/{id}` (the signed-in owner's)", () =>
    get(`${system.url}/api/qr-code/${owner.recordId}`, { headers: { cookie: owner.cookie } }),
  );
  let logins: Promise<LoadResult> | undefined;
  await measure(`card API while ${LOGINS_PER_SECOND} sign-ins/s run`, async () => {
    // Both start together, warmed up already by the rows above.
    logins = signIn({ connections: 4, overallRate: LOGINS_PER_SECOND }, { warmUp: false });
    return get(cardUrl, {}, { warmUp: false });
  });
  rows.push({ name: `… the ${LOGINS_PER_SECOND} sign-ins/s alongside`, result: await logins!, peaks: new Map() });

  const recordId = await recordIdOf(system.env.DATABASE_URL!, new TokenIndex(system.env.EMAIL_INDEX_KEY!).of(token));
  const seeded = (count: number, seconds: number) =>
    console.error(`seeded the records table to ${count.toLocaleString('en')} rows in ${seconds.toFixed(1)} s`);
  seeded(10_000, await seedRecordsTo(system.env.DATABASE_URL!, recordId, 10_000));
  await measure('card API, 10 thousand records', () => get(cardUrl));
  if (MILLION) {
    seeded(1_000_000, await seedRecordsTo(system.env.DATABASE_URL!, recordId, 1_000_000));
    await measure('card API, 1 million records', () => get(cardUrl));
  }

  printTable(
    rows,
    processes.map(({ name }) => name),
  );
  if (LIGHTHOUSE) {
    console.log("\nFirst visit, Lighthouse mobile (its default throttling), Debian's Chromium\n");
    printFirstVisitTable(await measureFirstVisit(system.url, token));
  }
} finally {
  await system.stop();
  baseline.stop();
}

function printTable(rows: Row[], processNames: string[]) {
  const bare = rows[0]!.result.requestsPerSecond;
  console.log(
    `\n${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${BENCH_SECONDS} s a row, ` +
      `${CONNECTIONS} connections unless said\n`,
  );
  console.log(`| row | requests/s | p50 ms | p99 ms | errors | vs bare | ${processNames.join(' | ')} |`);
  console.log(`|---|---:|---:|---:|---:|---:|${processNames.map(() => '---:|').join('')}`);
  for (const { name, result, peaks } of rows) {
    const memory = processNames.map((id) => (peaks.get(id) === undefined ? '' : Math.round(peaks.get(id)!)));
    console.log(
      `| ${name} | ${Math.round(result.requestsPerSecond).toLocaleString('en')} | ${result.p50} | ${result.p99} | ` +
        `${result.errors} | ${((100 * result.requestsPerSecond) / bare).toFixed(1)}% | ${memory.join(' | ')} |`,
    );
  }
  console.log('\nThe last columns: peak resident memory (VmHWM, MB) of each process of the system during the row.');
}
