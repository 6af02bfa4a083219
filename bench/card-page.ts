// The emergency card page as a responder's phone gets it: a realistic long record opened with an empty cache on
// slow 4G with a 4x slower CPU (Lighthouse's mobile settings, applied through Chromium's DevTools protocol). Reports
// bytes on the wire, first contentful paint, when the blood group is painted (element timing), and the largest paint;
// the median of several runs. With Lighthouse installed, also its mobile performance run.
//
//   node bench/card-page.ts                          an isolated system from the build (npm run build first)
//   node bench/card-page.ts http://localhost:3000    a running `npm start`
//   npm install --prefix /tmp/lighthouse lighthouse && LIGHTHOUSE_DIR=/tmp/lighthouse node bench/card-page.ts
import { chromium, type CDPSession } from 'playwright-core';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;
/** Lighthouse's "slow 4G" as DevTools applies it (its throttling.devtools* values), and its 4x CPU slowdown. */
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const LONG_RECORD = {
  firstName: 'Imogen',
  lastName: 'Vasquez-Thornbury',
  email: `bench-${Date.now()}@example.org`,
  phoneNumber: '+44 20 7946 0958',
  gender: 'female',
  bloodGroup: 'AB-',
  allergies: 'Penicillin (anaphylaxis), peanuts, latex, bee stings, sulfa drugs, iodinated contrast',
  medicalConditions:
    'Type 1 diabetes, epilepsy (tonic-clonic seizures), asthma, atrial fibrillation, hypothyroidism, ' +
    'chronic kidney disease stage 3, migraine, coeliac disease',
  medications:
    'Insulin glargine 22 units at night; insulin lispro with meals; levetiracetam 750 mg twice daily; ' +
    'apixaban 5 mg twice daily (anticoagulant); levothyroxine 100 mcg each morning; salbutamol inhaler as needed',
  devices: 'Insulin pump (left abdomen); implanted pacemaker',
  languagesSpoken: 'English, Spanish',
  careDirectives: 'DNR: signed form in wallet',
  organDonor: true,
  emergencyContacts: [{ name: 'Bartholomew Quist', phone: '+44 (0) 7700-900123', relationship: 'Brother' }],
  hasGivenConsent: true,
};

interface Run {
  bytes: number;
  requests: number;
  fcp: number;
  bloodGroup: number;
  lcp: number;
}

async function createCard(base: string): Promise<string> {
  const response = await fetch(`${base}/api/anonymous-medical-record`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LONG_RECORD),
  });
  if (!response.ok) throw new Error(`creating the record answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { cardUrl: string }).cardUrl;
}

/** Bytes as received (headers and encoded bodies), counted from the protocol's own events. */
function countBytes(cdp: CDPSession) {
  const totals = { bytes: 0, requests: 0 };
  cdp.on('Network.loadingFinished', (event) => {
    totals.bytes += event.encodedDataLength;
    totals.requests += 1;
  });
  return totals;
}

/** Paint times in ms since navigation start, read once the page has loaded. */
const PAINT_TIMES = `new Promise((resolve) => {
  const times = {};
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  times.fcp = fcp ? fcp.startTime : NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.identifier === 'blood-group') times.bloodGroup = entry.renderTime;
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    times.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(times), 200);
})`;

async function measureOnce(url: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const totals = countBytes(cdp);
    await page.goto(url, { waitUntil: 'load' });
    const times = (await page.evaluate(PAINT_TIMES)) as { fcp: number; bloodGroup: number; lcp: number };
    return { ...totals, ...times };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's mobile run (simulated slow 4G, 4x CPU), when LIGHTHOUSE_DIR points at an install of it. */
async function lighthouseRun(url: string): Promise<void> {
  const dir = process.env.LIGHTHOUSE_DIR;
  if (!dir) {
    console.log('\nLighthouse: not run (set LIGHTHOUSE_DIR to a folder where `npm install lighthouse` was run).');
    return;
  }
  const { default: lighthouse } = await import(`${dir}/node_modules/lighthouse/core/index.js`);
  const chromeLauncher = await import(`${dir}/node_modules/chrome-launcher/dist/index.js`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
    const { categories, audits } = result.lhr;
    const ms = (id: string) => `${Math.round(audits[id].numericValue)} ms`;
    console.log(`\nLighthouse ${result.lhr.lighthouseVersion}, mobile (simulated slow 4G, 4x CPU)`);
    console.log(`  performance          ${Math.round(categories.performance.score * 100)}`);
    console.log(`  first contentful     ${ms('first-contentful-paint')}`);
    console.log(`  largest contentful   ${ms('largest-contentful-paint')}`);
    console.log(`  speed index          ${ms('speed-index')}`);
    console.log(`  total blocking time  ${ms('total-blocking-time')}`);
    console.log(`  layout shift         ${audits['cumulative-layout-shift'].numericValue}`);
    console.log(`  transferred          ${(audits['total-byte-weight'].numericValue / 1000).toFixed(1)} KB`);
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  let system: IsolatedStack | undefined;
  const base = process.argv[2] ?? (system = await startIsolatedStack('bench-card-page')).url;
  try {
    const url = await createCard(base);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(url));
    const pick = (key: keyof Run) => median(runs.map((run) => run[key]));
    console.log(`Card page, long record, 390x844, empty cache, slow 4G + 4x CPU, median of ${RUNS} runs`);
    console.log(`  transferred          ${(pick('bytes') / 1000).toFixed(1)} KB in ${pick('requests')} requests`);
    console.log(`  first contentful     ${Math.round(pick('fcp'))} ms`);
    console.log(`  blood group painted  ${Math.round(pick('bloodGroup'))} ms`);
    console.log(`  largest contentful   ${Math.round(pick('lcp'))} ms`);
    await lighthouseRun(url);
  } finally {
    await system?.stop();
  }
}

await main();
