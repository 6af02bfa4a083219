// Lighthouse's mobile performance run (its default throttling: slow 4G, 4x slower CPU) on a first visit to the home
// page and to a card page, in Debian's Chromium: performance score, LCP and its element, CLS, TBT, and the bytes
// transferred (all, and the JavaScript alone). `npm run bench` runs it too.
//
//   node bench/lighthouse.ts                          an isolated system from the build (npm run build first)
//   node bench/lighthouse.ts http://localhost:3000    a running `npm start`
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startIsolatedStack } from '@medical-qr/launcher';
import { createAnonymousCard } from './bench-form.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LIGHTHOUSE = fileURLToPath(new URL('../node_modules/lighthouse/cli/index.js', import.meta.url));
/** Runs per page; the median score's run is reported (Lighthouse's own advice for a noisy machine). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface PageFigures {
  page: string;
  performance: number;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  totalKb: number;
  scriptKb: number;
}

interface Audit {
  numericValue?: number;
  details?: {
    items?: { type?: string; resourceType?: string; transferSize?: number; nodeLabel?: string; snippet?: string }[];
  };
}

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
}

/** Chromium now and then loses a trace (NO_NAVSTART); such a run is made again, a few times at most. */
async function runWithRetries(url: string, directory: string, attempts = 3): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, directory);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`Lighthouse failed on ${url} (${(error as { stderr?: string }).stderr?.trim()}), running it again`);
    }
  }
}

async function runOnce(url: string, directory: string): Promise<Report> {
  const output = join(directory, 'report.json');
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(await readFile(output, 'utf8')) as Report;
}

function figuresOf(page: string, report: Report): PageFigures {
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const resources = report.audits['resource-summary']?.details?.items ?? [];
  const kb = (type: string) => (resources.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1000;
  // Lighthouse 13 names the LCP element in its LCP breakdown insight, as a `node` item.
  const lcpNode = report.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  return {
    page,
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint'),
    lcpElement: (lcpNode?.nodeLabel ?? lcpNode?.snippet ?? '?').slice(0, 48),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    totalKb: kb('total'),
    scriptKb: kb('script'),
  };
}

/** The median-scoring of RUNS Lighthouse runs of one page; its whole report kept in LIGHTHOUSE_REPORTS, if set. */
export async function measurePage(page: string, url: string): Promise<PageFigures> {
  const directory = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
  try {
    const runs: { figures: PageFigures; report: Report }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const report = await runWithRetries(url, directory);
      runs.push({ figures: figuresOf(page, report), report });
    }
    const median = runs.sort((a, b) => a.figures.performance - b.figures.performance)[Math.floor(runs.length / 2)]!;
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep) {
      await mkdir(keep, { recursive: true });
      await writeFile(
        join(keep, `${new URL(url).pathname.split('/')[1] || 'home'}.json`),
        JSON.stringify(median.report),
      );
    }
    return median.figures;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export function printFirstVisitTable(rows: PageFigures[]): void {
  console.log('| page | performance | LCP | LCP element | CLS | TBT | FCP | transferred | of it JavaScript |');
  console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${(row.lcpMs / 1000).toFixed(2)} s | \`${row.lcpElement.replaceAll('|', '\\|')}\` | ` +
        `${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms | ${(row.fcpMs / 1000).toFixed(2)} s | ` +
        `${row.totalKb.toFixed(1)} KB | ${row.scriptKb.toFixed(1)} KB |`,
    );
  }
}

/** The home page and one card page of the system at `base`. */
export async function measureFirstVisit(base: string, cardToken: string): Promise<PageFigures[]> {
  return [
    await measurePage('home `/`', `${base}/`),
    await measurePage('card `/emergency/{token}`', `${base}/emergency/${cardToken}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const system = given ? undefined : await startIsolatedStack('bench-lighthouse', { LOG_LEVEL: 'warn' });
  const base = given ?? system!.url;
  try {
    printFirstVisitTable(await measureFirstVisit(base, await createAnonymousCard(base)));
  } finally {
    await system?.stop();
  }
}
