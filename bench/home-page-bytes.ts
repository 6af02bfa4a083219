// Bytes on the wire for a first visit to the home page: Chromium loads `/` with an empty cache and
// we add up what each response really carried (encoded body, and headers), by kind of resource.
//
//   node bench/home-page-bytes.ts                          an isolated system from the build (npm run build first)
//   node bench/home-page-bytes.ts http://localhost:3000    a running `npm start`
import { chromium, type Request } from 'playwright-core';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';

interface Tally {
  requests: number;
  /** Body bytes as sent (compressed when the server compressed them). */
  encoded: number;
  /** Body bytes after decoding. */
  decoded: number;
  headers: number;
}

const KINDS: Record<string, string> = { script: 'JavaScript', stylesheet: 'CSS', document: 'HTML' };

async function measure(url: string): Promise<Map<string, Tally>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const tallies = new Map<string, Tally>();
  const pending: Promise<void>[] = [];
  const count = async (request: Request) => {
    const response = await request.response();
    const sizes = await request.sizes();
    const decoded = response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
    const kind = KINDS[request.resourceType()] ?? 'other';
    const tally = tallies.get(kind) ?? { requests: 0, encoded: 0, decoded: 0, headers: 0 };
    tally.requests += 1;
    tally.encoded += sizes.responseBodySize;
    tally.decoded += decoded;
    tally.headers += sizes.responseHeadersSize;
    tallies.set(kind, tally);
  };
  try {
    const page = await (await browser.newContext()).newPage();
    page.on('requestfinished', (request) => pending.push(count(request)));
    // The app keeps a live socket open, so the network never idles: wait for load, then for late fetches.
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    await Promise.all(pending);
  } finally {
    await browser.close();
  }
  return tallies;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`.padStart(10);

function report(url: string, tallies: Map<string, Tally>): void {
  const total: Tally = { requests: 0, encoded: 0, decoded: 0, headers: 0 };
  console.log(`Home page ${url}, first visit, empty cache\n`);
  console.log(`${'kind'.padEnd(12)}${'requests'.padStart(9)}${'on the wire'.padStart(13)}${'decoded'.padStart(10)}`);
  for (const [kind, tally] of [...tallies].sort(([, a], [, b]) => b.encoded - a.encoded)) {
    console.log(`${kind.padEnd(12)}${String(tally.requests).padStart(9)}   ${kb(tally.encoded)}${kb(tally.decoded)}`);
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
  }
  console.log(`${'total'.padEnd(12)}${String(total.requests).padStart(9)}   ${kb(total.encoded)}${kb(total.decoded)}`);
  console.log(
    `\nBodies ${kb(total.encoded).trim()} + headers ${kb(total.headers).trim()} = ${kb(total.encoded + total.headers).trim()} on the wire.`,
  );
}

let system: IsolatedStack | undefined;
try {
  let url = process.argv[2];
  if (!url) {
    system = await startIsolatedStack('bench-home-page-bytes');
    url = `${system.url}/`;
  }
  report(url, await measure(url));
} finally {
  await system?.stop();
}
